import type { CommandContext } from '@app/server-kit';

/** Staff revoke every live session of an account (it must sign in again). */
export class RevokeUserSessionsCommand {
  constructor(
    readonly request: { userId: string },
    readonly context: CommandContext,
  ) {}
}
