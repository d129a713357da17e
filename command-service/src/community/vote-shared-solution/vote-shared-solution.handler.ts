import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sharedSolutionStreamId, tallyVote } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { StreamLocks } from '../../infrastructure/stream-locks';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import type { VoteAnswer } from '../community-answers';
import { decideVoteSharedSolution } from './decide-vote-shared-solution';
import { VoteSharedSolutionCommand } from './vote-shared-solution.command';

/** Votes retry on a conflict while the vote is still valid (another instance may write the stream). */
export const VOTE_ATTEMPTS = 20;

export type SharedSolutionVoteCast = { appended: Appended } & VoteAnswer;

/** Queued per solution in this process, appended with the revision read, decided again on a conflict. */
@CommandHandler(VoteSharedSolutionCommand)
export class VoteSharedSolutionHandler implements ICommandHandler<
  VoteSharedSolutionCommand,
  SharedSolutionVoteCast
> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly locks: StreamLocks,
  ) {}

  async execute(command: VoteSharedSolutionCommand): Promise<SharedSolutionVoteCast> {
    const { solutionId, userId, vote } = command.request;
    const streamId = sharedSolutionStreamId(solutionId);
    const { appended, state } = await this.locks.run(streamId, () =>
      this.aggregates.handle(
        streamId,
        sharedSolutionAggregate,
        (solution) => decideVoteSharedSolution(command, solution),
        command.context,
        { attempts: VOTE_ATTEMPTS },
      ),
    );
    if (state.status === 'none') throw new Error(`${streamId} was decided on while empty.`);
    return { appended, upvotes: tallyVote(state.tally, userId, vote).upvotes, currentUserVote: vote };
  }
}
