import { createHash } from 'node:crypto';
import { submissionStatusOf } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { CreateSoliditySubmissionCommand } from './create-solidity-submission.command';

/** What judging found: the version judged against and how many scenarios passed. */
export type JudgedSolidity = {
  slug: string;
  version: number;
  testsPassed: number;
  testsTotal: number;
  /** A compile error: nothing ran, whatever the count of scenarios. */
  compiled: boolean;
  durationMs: number;
};

/**
 * One CodeSubmitted in `solidity` whose id is the submission id (a retry is stored once). A contract
 * that did not compile passed nothing. Only the code's digest is kept.
 */
export function decideSoliditySubmission(
  { request }: CreateSoliditySubmissionCommand,
  judged: JudgedSolidity,
): [NewEvent<'CodeSubmitted'>] {
  const testsPassed = judged.compiled ? judged.testsPassed : 0;
  return [
    {
      type: 'CodeSubmitted',
      eventId: request.submissionId,
      data: {
        userId: request.principal.userId,
        product: request.product,
        questionId: judged.slug,
        questionVersion: judged.version,
        language: 'solidity',
        status: submissionStatusOf(testsPassed, judged.testsTotal),
        testsPassed,
        testsTotal: judged.testsTotal,
        codeSha256: createHash('sha256').update(request.code).digest('hex'),
        durationMs: judged.durationMs,
      },
    },
  ];
}
