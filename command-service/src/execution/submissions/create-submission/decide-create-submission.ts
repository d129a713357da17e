import { createHash } from 'node:crypto';
import { submissionStatusOf } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { CreateSubmissionCommand } from './create-submission.command';

/** What judging found: the question's version and how many of its tests passed. */
export type Judged = {
  questionSlug: string;
  questionVersion: number;
  testsPassed: number;
  testsTotal: number;
  durationMs: number;
};

/**
 * One CodeSubmitted whose id is the submission id, so the same submission stored twice is one
 * event (the store answers the second append as idempotent). The status follows from the tests
 * (contracts' submissionStatusOf); the code itself is kept as its digest only.
 */
export function decideCreateSubmission(
  { request }: CreateSubmissionCommand,
  judged: Judged,
): [NewEvent<'CodeSubmitted'>] {
  return [
    {
      type: 'CodeSubmitted',
      eventId: request.submissionId,
      data: {
        userId: request.principal.userId,
        product: request.product,
        questionId: judged.questionSlug,
        questionVersion: judged.questionVersion,
        language: request.language,
        status: submissionStatusOf(judged.testsPassed, judged.testsTotal),
        testsPassed: judged.testsPassed,
        testsTotal: judged.testsTotal,
        codeSha256: createHash('sha256').update(request.code).digest('hex'),
        durationMs: judged.durationMs,
      },
    },
  ];
}
