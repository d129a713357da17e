import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { assessmentsStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { AggregateStore } from '../../../infrastructure/aggregate-store';
import { learnerAssessmentsAggregate } from '../assessments.aggregate';
import { AbandonAssessmentCommand } from './abandon-assessment.command';
import { decideAbandonAssessment } from './decide-abandon-assessment';

@CommandHandler(AbandonAssessmentCommand)
export class AbandonAssessmentHandler implements ICommandHandler<AbandonAssessmentCommand, Appended> {
  constructor(private readonly aggregates: AggregateStore) {}

  async execute(command: AbandonAssessmentCommand): Promise<Appended> {
    const { appended } = await this.aggregates.handle(
      assessmentsStreamId(command.request.userId),
      learnerAssessmentsAggregate,
      (assessments) => decideAbandonAssessment(command, assessments),
      command.context,
    );
    return appended;
  }
}
