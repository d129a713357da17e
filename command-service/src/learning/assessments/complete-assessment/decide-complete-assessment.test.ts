import { CompleteAssessmentCommand } from './complete-assessment.command';
import { decideCompleteAssessment } from './decide-complete-assessment';

const userId = '00000000-0000-4000-8000-000000000001';
const assessmentId = '00000000-0000-4000-8000-0000000000a1';
const submissionId = '00000000-0000-4000-8000-0000000000b1';
const submitted = (questionId: string) =>
  new CompleteAssessmentCommand(
    {
      userId,
      questionId,
      submissionId,
      language: 'javascript',
      status: 'CORRECT',
      testsPassed: 6,
      testsTotal: 6,
      now: new Date('2026-11-26T10:00:00.000Z'),
    },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );
const running = (expiresAt: string) => ({
  running: { assessmentId, questionId: 'pair-with-sum', expiresAt },
});
const result = { submissionId, language: 'javascript', status: 'CORRECT', testsPassed: 6, testsTotal: 6 };

describe('a judged submission reaching the learner assessments: given them, when decided, then', () => {
  it('the running question, in time: it finishes as submitted with the result', () => {
    expect(decideCompleteAssessment(submitted('pair-with-sum'), running('2026-11-26T10:30:00.000Z'))).toEqual(
      [
        {
          type: 'AssessmentFinished',
          data: { assessmentId, userId, questionId: 'pair-with-sum', outcome: 'submitted', result },
        },
      ],
    );
  });

  it('the running question, late: it finishes as timed out, the result kept', () => {
    const [event] = decideCompleteAssessment(submitted('pair-with-sum'), running('2026-11-26T09:00:00.000Z'));
    expect([event.data.outcome, event.data.result]).toEqual(['timedOut', result]);
  });

  it('another question, or nothing running: nothing (practice)', () => {
    expect(decideCompleteAssessment(submitted('mirror-tree'), running('2026-11-26T10:30:00.000Z'))).toEqual(
      [],
    );
    expect(decideCompleteAssessment(submitted('pair-with-sum'), { running: null })).toEqual([]);
  });
});
