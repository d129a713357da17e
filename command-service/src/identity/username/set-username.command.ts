import type { CommandContext } from '@app/server-kit';

/** The signed-in account sets its public username (the schema has checked its shape). */
export class SetUsernameCommand {
  constructor(
    readonly request: { userId: string; username: string; isStaff: boolean },
    readonly context: CommandContext,
  ) {}
}
