import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assessmentsStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../../infrastructure/aggregate-store';
import { learnerAssessmentsAggregate } from '../assessments.aggregate';
import { CompleteAssessmentCommand } from './complete-assessment.command';
import { decideCompleteAssessment } from './decide-complete-assessment';

@CommandHandler(CompleteAssessmentCommand)
export class CompleteAssessmentHandler implements ICommandHandler<CompleteAssessmentCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: CompleteAssessmentCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      assessmentsStreamId(command.request.userId),
      learnerAssessmentsAggregate,
      (assessments) => decideCompleteAssessment(command, assessments),
      command.context,
    );
    return appended;
  }
}
