import { DomainError } from '@app/contracts';
import type { LearnerAssessments } from '../assessments.aggregate';
import { decideStartAssessment } from './decide-start-assessment';
import { StartAssessmentCommand } from './start-assessment.command';

const userId = '00000000-0000-4000-8000-000000000001';
const assessmentId = '00000000-0000-4000-8000-0000000000a1';
const earlier = '00000000-0000-4000-8000-0000000000a0';
const now = new Date('2026-11-26T10:00:00.000Z');
const command = new StartAssessmentCommand(
  { userId, questionId: 'Pair With Sum', assessmentId, now },
  { actor: { kind: 'user', id: userId }, correlationId: 'c' },
);
const question = { slug: 'pair-with-sum', version: 2, difficulty: 2 as const };
const idle: LearnerAssessments = { running: null };
const runningUntil = (expiresAt: string): LearnerAssessments => ({
  running: { assessmentId: earlier, questionId: 'mirror-tree', expiresAt },
});

describe('assessments/start: given the learner assessments, when starting, then', () => {
  it('nothing running: one AssessmentStarted with the difficulty time limit (Medium: 45 minutes)', () => {
    expect(decideStartAssessment(command, idle, question)).toEqual([
      {
        type: 'AssessmentStarted',
        eventId: assessmentId,
        data: {
          assessmentId,
          userId,
          questionId: 'pair-with-sum',
          questionVersion: 2,
          timeLimitSeconds: 45 * 60,
          expiresAt: '2026-11-26T10:45:00.000Z',
        },
      },
    ]);
  });

  it('an unknown question: NOT_FOUND, nothing appended', () => {
    const refusal = decideStartAssessment(command, idle, undefined);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('NOT_FOUND');
  });

  it('another assessment running with time left: ASSESSMENT_IN_PROGRESS', () => {
    const refusal = decideStartAssessment(command, runningUntil('2026-11-26T10:00:01.000Z'), question);
    expect((refusal as DomainError).code).toBe('ASSESSMENT_IN_PROGRESS');
  });

  it('the running one out of time: it finishes as timed out, then the new one starts', () => {
    const events = decideStartAssessment(command, runningUntil('2026-11-26T10:00:00.000Z'), question);
    expect(Array.isArray(events) && events.map((event) => event.type)).toEqual([
      'AssessmentFinished',
      'AssessmentStarted',
    ]);
    expect(Array.isArray(events) && events[0].data).toEqual({
      assessmentId: earlier,
      userId,
      questionId: 'mirror-tree',
      outcome: 'timedOut',
      result: null,
    });
  });

  it('the same assessment id already running (a retry): nothing new', () => {
    const running: LearnerAssessments = {
      running: { assessmentId, questionId: 'pair-with-sum', expiresAt: '2026-11-26T10:45:00.000Z' },
    };
    expect(decideStartAssessment(command, running, question)).toEqual([]);
  });
});
