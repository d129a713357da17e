import type { CommandContext } from '@app/server-kit';

/** The signed-in account asks to be wiped. */
export class WipeAccountCommand {
  constructor(
    readonly request: { userId: string },
    readonly context: CommandContext,
  ) {}
}
