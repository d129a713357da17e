import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Comment, sharedSolutionStreamId, solutionCommentStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { toComment } from '../community-answers';
import { decideCreateComment } from './decide-create-comment';
import { CreateCommentCommand } from './create-comment.command';

export type CommentCreated = { appended: Appended; comment: Comment };

/** Appends to the new comment's own stream, deciding from the solution's and the parent's streams. */
@CommandHandler(CreateCommentCommand)
export class CreateCommentHandler implements ICommandHandler<CreateCommentCommand, CommentCreated> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: CreateCommentCommand): Promise<CommentCreated> {
    const { commentId, solutionId, parentId, authorId } = command.request;
    const streamId = solutionCommentStreamId(commentId);
    const { appended } = await this.aggregates.handle(
      streamId,
      solutionCommentAggregate,
      async (comment) => {
        const [solution, parent] = await Promise.all([
          this.aggregates.load(sharedSolutionStreamId(solutionId), sharedSolutionAggregate),
          parentId === null
            ? null
            : this.aggregates.load(solutionCommentStreamId(parentId), solutionCommentAggregate),
        ]);
        return decideCreateComment(command, {
          comment,
          solution: solution.state,
          parent: parent?.state ?? null,
        });
      },
      command.context,
    );
    const { state } = await this.aggregates.load(streamId, solutionCommentAggregate);
    if (state.status === 'none') throw new Error(`${streamId} is empty after its append.`);
    return { appended, comment: toComment(state, authorId) };
  }
}
