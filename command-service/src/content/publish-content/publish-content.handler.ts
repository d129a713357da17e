import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '@app/contracts';
import { ContentError } from '../content-files';
import type { PublishReport } from '../publish';
import { ContentPublisher } from './content-publisher';
import { PublishContentCommand } from './publish-content.command';

/**
 * Publishes through the process's one publisher (runs are serialised with the one at start); content
 * the folder cannot publish is refused with what is wrong, and nothing of it is appended.
 */
@CommandHandler(PublishContentCommand)
export class PublishContentHandler implements ICommandHandler<PublishContentCommand, PublishReport> {
  constructor(private readonly publisher: ContentPublisher) {}

  async execute({ context }: PublishContentCommand): Promise<PublishReport> {
    try {
      return await this.publisher.publish(context.actor);
    } catch (error) {
      if (error instanceof ContentError) throw new DomainError('CONTENT_INVALID', error.message);
      throw error;
    }
  }
}
