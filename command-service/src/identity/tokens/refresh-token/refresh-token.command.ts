import type { CommandContext } from '@app/server-kit';

/** The caller trades its session for a fresh one with the account's current roles. */
export class RefreshTokenCommand {
  constructor(
    readonly request: {
      userId: string;
      sessionId: string;
      /** The id the new session gets (drawn by the caller, so deciding stays pure). */
      newSessionId: string;
    },
    readonly context: CommandContext,
  ) {}
}
