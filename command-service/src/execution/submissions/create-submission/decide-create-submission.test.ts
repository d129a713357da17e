import { createHash } from 'node:crypto';
import { CreateSubmissionCommand } from './create-submission.command';
import { decideCreateSubmission } from './decide-create-submission';

const userId = '00000000-0000-4000-8000-000000000001';
const submissionId = '00000000-0000-4000-8000-0000000000a1';
const command = new CreateSubmissionCommand(
  {
    principal: { kind: 'user', userId, sessionId: 's', roles: [], products: ['algoexpert'] },
    product: 'algoexpert',
    questionId: 'Pair With Sum',
    language: 'python',
    code: 'def f(): pass',
    submissionId,
  },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);
const judged = (testsPassed: number) => ({
  questionSlug: 'pair-with-sum',
  questionVersion: 3,
  testsPassed,
  testsTotal: 4,
  durationMs: 120,
});

describe('submissions/create: given a judged run, when decided, then', () => {
  it('one CodeSubmitted whose id is the submission id, CORRECT when every test passed', () => {
    expect(decideCreateSubmission(command, judged(4))).toEqual([
      {
        type: 'CodeSubmitted',
        eventId: submissionId,
        data: {
          userId,
          product: 'algoexpert',
          questionId: 'pair-with-sum',
          questionVersion: 3,
          language: 'python',
          status: 'CORRECT',
          testsPassed: 4,
          testsTotal: 4,
          codeSha256: createHash('sha256').update('def f(): pass').digest('hex'),
          durationMs: 120,
        },
      },
    ]);
  });

  it('the status the contracts give for a partial pass', () => {
    expect(decideCreateSubmission(command, judged(2))[0].data.status).not.toBe('CORRECT');
  });
});
