import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { submissionsStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../../infrastructure/event-appender';
import { ResetSubmissionsCommand } from './reset-submissions.command';

/** A reset needs no state: one SubmissionsReset on the learner's submissions stream, whatever came before. */
@CommandHandler(ResetSubmissionsCommand)
export class ResetSubmissionsHandler implements ICommandHandler<ResetSubmissionsCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute({ request, context }: ResetSubmissionsCommand): Promise<Appended> {
    return this.appender.append(
      submissionsStreamId(request.userId),
      [{ type: 'SubmissionsReset', data: { userId: request.userId, product: request.product } }],
      { actor: context.actor, correlationId: context.correlationId },
    );
  }
}
