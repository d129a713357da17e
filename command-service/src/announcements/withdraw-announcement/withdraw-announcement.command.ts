import type { CommandContext } from '@app/server-kit';

/** Staff withdraw an announcement. */
export class WithdrawAnnouncementCommand {
  constructor(
    readonly request: { announcementId: string },
    readonly context: CommandContext,
  ) {}
}
