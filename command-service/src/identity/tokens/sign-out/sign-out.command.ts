import type { CommandContext } from '@app/server-kit';

/** The caller revokes its own session; `singleScreen` when the screen lease forced it out. */
export class SignOutCommand {
  constructor(
    readonly request: { userId: string; sessionId: string; reason?: string },
    readonly context: CommandContext,
  ) {}
}
