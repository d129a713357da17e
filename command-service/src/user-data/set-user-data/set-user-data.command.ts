import type { CommandContext } from '../../infrastructure/request-context';
import type { SetUserData } from '../user-data';

export class SetUserDataCommand {
  constructor(
    readonly request: SetUserData,
    readonly context: CommandContext,
  ) {}
}
