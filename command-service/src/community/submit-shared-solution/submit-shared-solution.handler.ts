import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type SharedSolution, sharedSolutionStreamId, submissionsStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { learnerSubmissions } from '../../execution/submissions/learner-submissions.aggregate';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { toSharedSolution } from '../community-answers';
import { decideSubmitSharedSolution } from './decide-submit-shared-solution';
import { SubmitSharedSolutionCommand } from './submit-shared-solution.command';

export type SharedSolutionShared = { appended: Appended; sharedSolution: SharedSolution };

/**
 * Decides from the learner's own submissions stream (as certificates do), never from a read model:
 * the CORRECT submission counts the moment it is stored.
 */
@CommandHandler(SubmitSharedSolutionCommand)
export class SubmitSharedSolutionHandler implements ICommandHandler<
  SubmitSharedSolutionCommand,
  SharedSolutionShared
> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: SubmitSharedSolutionCommand): Promise<SharedSolutionShared> {
    const { authorId, questionId, solutionId } = command.request;
    const streamId = sharedSolutionStreamId(solutionId);
    const { appended } = await this.aggregates.handle(
      streamId,
      sharedSolutionAggregate,
      async (solution) => {
        const submissions = await this.aggregates.load(submissionsStreamId(authorId), learnerSubmissions);
        const solvedCorrectly = [...submissions.state.values()].some(
          (statuses) => statuses.get(questionId) === 'CORRECT',
        );
        return decideSubmitSharedSolution(command, { solution, solvedCorrectly });
      },
      command.context,
    );
    const { state } = await this.aggregates.load(streamId, sharedSolutionAggregate);
    if (state.status === 'none') throw new Error(`${streamId} is empty after its append.`);
    return { appended, sharedSolution: toSharedSolution(state, authorId) };
  }
}
