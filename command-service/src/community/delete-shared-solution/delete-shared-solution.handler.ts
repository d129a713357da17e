import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sharedSolutionStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../infrastructure/aggregate-store';
import { sharedSolutionAggregate } from '../shared-solution.aggregate';
import { decideDeleteSharedSolution } from './decide-delete-shared-solution';
import { DeleteSharedSolutionCommand } from './delete-shared-solution.command';

@CommandHandler(DeleteSharedSolutionCommand)
export class DeleteSharedSolutionHandler implements ICommandHandler<DeleteSharedSolutionCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: DeleteSharedSolutionCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      sharedSolutionStreamId(command.request.solutionId),
      sharedSolutionAggregate,
      (state) => decideDeleteSharedSolution(command, state),
      command.context,
    );
    return appended;
  }
}
