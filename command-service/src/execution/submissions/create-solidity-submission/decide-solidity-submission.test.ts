import { createHash } from 'node:crypto';
import { CreateSoliditySubmissionCommand } from './create-solidity-submission.command';
import { decideSoliditySubmission } from './decide-solidity-submission';

const userId = '00000000-0000-4000-8000-000000000001';
const submissionId = '00000000-0000-4000-8000-0000000000b2';
const code = '// SPDX-License-Identifier: MIT\ncontract Counter {}';
const command = new CreateSoliditySubmissionCommand(
  {
    principal: { kind: 'user', userId, sessionId: 's', roles: [], products: ['blockchainexpert'] },
    product: 'blockchainexpert',
    kind: 'question',
    questionId: 'owned-counter',
    code,
    submissionId,
  },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);
const judged = (testsPassed: number, compiled = true) => ({
  slug: 'owned-counter',
  version: 2,
  testsPassed,
  testsTotal: 5,
  compiled,
  durationMs: 1800,
});

describe('submissions/coding-question/sandbox/create: given a judged contract, when decided, then', () => {
  it('one CodeSubmitted in solidity whose id is the submission id, CORRECT when every scenario passed', () => {
    expect(decideSoliditySubmission(command, judged(5))).toEqual([
      {
        type: 'CodeSubmitted',
        eventId: submissionId,
        data: {
          userId,
          product: 'blockchainexpert',
          questionId: 'owned-counter',
          questionVersion: 2,
          language: 'solidity',
          status: 'CORRECT',
          testsPassed: 5,
          testsTotal: 5,
          codeSha256: createHash('sha256').update(code).digest('hex'),
          durationMs: 1800,
        },
      },
    ]);
  });

  it('PARTIALLY_CORRECT when some passed, INCORRECT when none did', () => {
    expect(decideSoliditySubmission(command, judged(3))[0].data.status).toBe('PARTIALLY_CORRECT');
    expect(decideSoliditySubmission(command, judged(0))[0].data.status).toBe('INCORRECT');
  });

  it('a contract that did not compile passed nothing', () => {
    const [event] = decideSoliditySubmission(command, judged(5, false));
    expect(event.data).toMatchObject({ status: 'INCORRECT', testsPassed: 0, testsTotal: 5 });
  });
});
