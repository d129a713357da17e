import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CurrentAssessment, assessmentsStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { PublishedQuestions } from '../../../content/published-questions';
import { AggregateStore, type Decision } from '../../../infrastructure/aggregate-store';
import { learnerAssessmentsAggregate } from '../assessments.aggregate';
import { type AssessedQuestion, decideStartAssessment } from './decide-start-assessment';
import { StartAssessmentCommand } from './start-assessment.command';

export type AssessmentStartedAnswer = { appended: Appended; assessment: CurrentAssessment };

/** Decides from the learner's assessments stream and the question's own stream (algorithms). */
@CommandHandler(StartAssessmentCommand)
export class StartAssessmentHandler implements ICommandHandler<
  StartAssessmentCommand,
  AssessmentStartedAnswer
> {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly questions: PublishedQuestions,
  ) {}

  async execute(command: StartAssessmentCommand): Promise<AssessmentStartedAnswer> {
    const { userId, questionId, assessmentId, now } = command.request;
    const published = await this.questions.find('algoexpert', questionId);
    const question: AssessedQuestion | undefined = published && {
      slug: published.slug,
      version: published.version,
      difficulty: published.difficulty,
    };
    let decided: Decision = [];
    const { appended, state } = await this.aggregates.handle(
      assessmentsStreamId(userId),
      learnerAssessmentsAggregate,
      (assessments) => (decided = decideStartAssessment(command, assessments, question)),
      command.context,
    );
    const started = Array.isArray(decided)
      ? decided.find((event) => event.type === 'AssessmentStarted')
      : undefined;
    const expiresAt =
      started?.type === 'AssessmentStarted'
        ? started.data.expiresAt
        : (state.running?.expiresAt ?? now.toISOString());
    const timeLimitSeconds =
      started?.type === 'AssessmentStarted'
        ? started.data.timeLimitSeconds
        : Math.round((new Date(expiresAt).getTime() - now.getTime()) / 1000);
    return {
      appended,
      assessment: {
        assessmentId,
        questionId: published!.slug,
        name: published!.name,
        startedAt: new Date(new Date(expiresAt).getTime() - timeLimitSeconds * 1000).toISOString(),
        expiresAt,
        timeLimitSeconds,
      },
    };
  }
}
