import type { CommandContext } from '@app/server-kit';
import type { RoleChange } from '../decide-roles';

/** Staff grant a role to an account or revoke one from it. */
export class ChangeRoleCommand {
  constructor(
    readonly request: RoleChange,
    readonly context: CommandContext,
  ) {}
}
