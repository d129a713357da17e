import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Comment, solutionCommentStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import { toComment } from '../community-answers';
import { decideEditComment } from './decide-edit-comment';
import { EditCommentCommand } from './edit-comment.command';

export type CommentEdited = { appended: Appended; comment: Comment };

@CommandHandler(EditCommentCommand)
export class EditCommentHandler implements ICommandHandler<EditCommentCommand, CommentEdited> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: EditCommentCommand): Promise<CommentEdited> {
    const streamId = solutionCommentStreamId(command.request.commentId);
    const { appended } = await this.aggregates.handle(
      streamId,
      solutionCommentAggregate,
      (state) => decideEditComment(command, state),
      command.context,
    );
    const { state } = await this.aggregates.load(streamId, solutionCommentAggregate);
    if (state.status === 'none') throw new Error(`${streamId} is empty after its append.`);
    return { appended, comment: toComment(state, command.request.actorId) };
  }
}
