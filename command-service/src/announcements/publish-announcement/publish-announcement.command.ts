import type { CommandContext } from '@app/server-kit';
import type { PublishAnnouncement } from '../announcement';

/** Staff publish an announcement under an id the caller drew (the Idempotency-Key, or a new one). */
export class PublishAnnouncementCommand {
  constructor(
    readonly request: PublishAnnouncement & { now: Date },
    readonly context: CommandContext,
  ) {}
}
