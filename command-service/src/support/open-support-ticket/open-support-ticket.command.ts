import type { SupportTopic } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/** A signed-in learner writes to support (the schema has checked the topic and the message's length). */
export class OpenSupportTicketCommand {
  constructor(
    readonly request: {
      ticketId: string;
      userId: string;
      topic: SupportTopic;
      message: string;
      fromPath: string | null;
    },
    readonly context: CommandContext,
  ) {}
}
