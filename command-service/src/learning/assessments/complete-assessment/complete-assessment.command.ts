import type { CodingLanguage, SubmissionStatus } from '@app/contracts';
import type { CommandContext } from '@app/server-kit';

/**
 * A judged submission of an algorithms question (submissions/create) reaches the learner's
 * assessments: when it is the question of the running assessment, it ends it.
 */
export class CompleteAssessmentCommand {
  constructor(
    readonly request: {
      userId: string;
      questionId: string;
      submissionId: string;
      language: CodingLanguage;
      status: SubmissionStatus;
      testsPassed: number;
      testsTotal: number;
      now: Date;
    },
    readonly context: CommandContext,
  ) {}
}
