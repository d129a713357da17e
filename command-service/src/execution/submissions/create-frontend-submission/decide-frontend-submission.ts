import { createHash } from 'node:crypto';
import { submissionStatusOf } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { CreateFrontendSubmissionCommand } from './create-frontend-submission.command';

/** What judging found: the version judged and how many checks passed (a screenshot is one check). */
export type JudgedPage = {
  slug: string;
  version: number;
  testsPassed: number;
  testsTotal: number;
  durationMs: number;
};

/** The digest of the learner's files, by name in name order (the same files always digest the same). */
export function filesDigest(files: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\u0000${files[name]}\u0000`);
  return hash.digest('hex');
}

/** One CodeSubmitted in `web` whose id is the submission id (a retry is stored once). */
export function decideFrontendSubmission(
  { request }: CreateFrontendSubmissionCommand,
  judged: JudgedPage,
): [NewEvent<'CodeSubmitted'>] {
  return [
    {
      type: 'CodeSubmitted',
      eventId: request.submissionId,
      data: {
        userId: request.principal.userId,
        product: request.product,
        questionId: judged.slug,
        questionVersion: judged.version,
        language: 'web',
        status: submissionStatusOf(judged.testsPassed, judged.testsTotal),
        testsPassed: judged.testsPassed,
        testsTotal: judged.testsTotal,
        codeSha256: filesDigest(request.files),
        durationMs: judged.durationMs,
      },
    },
  ];
}
