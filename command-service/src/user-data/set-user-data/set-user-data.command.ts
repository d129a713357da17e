import type { CommandContext } from '@app/server-kit';
import type { SetUserData } from '../user-data';

export class SetUserDataCommand {
  constructor(
    readonly request: SetUserData,
    readonly context: CommandContext,
  ) {}
}
