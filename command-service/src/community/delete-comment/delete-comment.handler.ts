import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { solutionCommentStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { decideDeleteComment } from './decide-delete-comment';
import { DeleteCommentCommand } from './delete-comment.command';

@CommandHandler(DeleteCommentCommand)
export class DeleteCommentHandler implements ICommandHandler<DeleteCommentCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: DeleteCommentCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      solutionCommentStreamId(command.request.commentId),
      solutionCommentAggregate,
      (state) => decideDeleteComment(command, state),
      command.context,
    );
    return appended;
  }
}
