import type { DomainError } from '@app/contracts';
import { AbandonAssessmentCommand } from './abandon-assessment.command';
import { decideAbandonAssessment } from './decide-abandon-assessment';

const userId = '00000000-0000-4000-8000-000000000001';
const assessmentId = '00000000-0000-4000-8000-0000000000a1';
const command = new AbandonAssessmentCommand(
  { userId, now: new Date('2026-11-26T10:00:00.000Z') },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);
const running = (expiresAt: string) => ({
  running: { assessmentId, questionId: 'pair-with-sum', expiresAt },
});

describe('assessments/current/abandon: given the learner assessments, when abandoning, then', () => {
  it('one running with time left: it finishes as abandoned', () => {
    expect(decideAbandonAssessment(command, running('2026-11-26T10:30:00.000Z'))).toEqual([
      {
        type: 'AssessmentFinished',
        data: { assessmentId, userId, questionId: 'pair-with-sum', outcome: 'abandoned', result: null },
      },
    ]);
  });

  it('one running out of time: it finishes as timed out', () => {
    const events = decideAbandonAssessment(command, running('2026-11-26T09:59:59.000Z'));
    expect(Array.isArray(events) && events[0].data.outcome).toBe('timedOut');
  });

  it('nothing running: ASSESSMENT_NOT_RUNNING', () => {
    expect((decideAbandonAssessment(command, { running: null }) as DomainError).code).toBe(
      'ASSESSMENT_NOT_RUNNING',
    );
  });
});
