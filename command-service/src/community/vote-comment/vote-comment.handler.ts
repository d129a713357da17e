import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { solutionCommentStreamId, tallyVote } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { StreamLocks } from '../../infrastructure/stream-locks';
import { solutionCommentAggregate } from '../solution-comment.aggregate';
import type { VoteAnswer } from '../community-answers';
import { VOTE_ATTEMPTS } from '../vote-shared-solution/vote-shared-solution.handler';
import { decideVoteComment } from './decide-vote-comment';
import { VoteCommentCommand } from './vote-comment.command';

export type CommentVoteCast = { appended: Appended } & VoteAnswer;

/** Queued per comment in this process, appended with the revision read, decided again on a conflict. */
@CommandHandler(VoteCommentCommand)
export class VoteCommentHandler implements ICommandHandler<VoteCommentCommand, CommentVoteCast> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly locks: StreamLocks,
  ) {}

  async execute(command: VoteCommentCommand): Promise<CommentVoteCast> {
    const { commentId, userId, vote } = command.request;
    const streamId = solutionCommentStreamId(commentId);
    const { appended, state } = await this.locks.run(streamId, () =>
      this.aggregates.handle(
        streamId,
        solutionCommentAggregate,
        (comment) => decideVoteComment(command, comment),
        command.context,
        { attempts: VOTE_ATTEMPTS },
      ),
    );
    if (state.status === 'none') throw new Error(`${streamId} was decided on while empty.`);
    return { appended, upvotes: tallyVote(state.tally, userId, vote).upvotes, currentUserVote: vote };
  }
}
