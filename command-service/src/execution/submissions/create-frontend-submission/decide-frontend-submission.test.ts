import { CreateFrontendSubmissionCommand } from './create-frontend-submission.command';
import { decideFrontendSubmission, filesDigest } from './decide-frontend-submission';

const userId = '00000000-0000-4000-8000-000000000001';
const submissionId = '00000000-0000-4000-8000-0000000000c3';
const files = { 'index.html': '<p>hi</p>', 'styles.css': 'p{}', 'script.js': '' };
const command = new CreateFrontendSubmissionCommand(
  {
    principal: { kind: 'user', userId, sessionId: 's', roles: [], products: ['frontendexpert'] },
    product: 'frontendexpert',
    judge: 'mocha',
    questionId: 'debounce',
    files,
    submissionId,
  },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);
const judged = (testsPassed: number, testsTotal = 6) => ({
  slug: 'debounce',
  version: 1,
  testsPassed,
  testsTotal,
  durationMs: 2100,
});

describe('frontend submissions: given a judged page, when decided, then', () => {
  it('one CodeSubmitted in web whose id is the submission id, CORRECT when every test passed', () => {
    expect(decideFrontendSubmission(command, judged(6))).toEqual([
      {
        type: 'CodeSubmitted',
        eventId: submissionId,
        data: {
          userId,
          product: 'frontendexpert',
          questionId: 'debounce',
          questionVersion: 1,
          language: 'web',
          status: 'CORRECT',
          testsPassed: 6,
          testsTotal: 6,
          codeSha256: filesDigest(files),
          durationMs: 2100,
        },
      },
    ]);
  });

  it('PARTIALLY_CORRECT for some tests, INCORRECT for a screenshot off the reference', () => {
    expect(decideFrontendSubmission(command, judged(2))[0].data.status).toBe('PARTIALLY_CORRECT');
    expect(decideFrontendSubmission(command, judged(0, 1))[0].data.status).toBe('INCORRECT');
  });

  it('digests the files whatever order they came in, and tells different files apart', () => {
    const reordered = { 'script.js': '', 'styles.css': 'p{}', 'index.html': '<p>hi</p>' };
    expect(filesDigest(reordered)).toBe(filesDigest(files));
    expect(filesDigest({ ...files, 'script.js': 'x' })).not.toBe(filesDigest(files));
    // A name and a text are kept apart: moving a character from one to the other changes the digest.
    expect(filesDigest({ ab: 'c' })).not.toBe(filesDigest({ a: 'bc' }));
  });
});
