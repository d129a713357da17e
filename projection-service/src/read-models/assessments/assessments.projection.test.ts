import { assessmentsStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped, questionPublished } from '../../runtime/testing/given-events';
import { assessmentsProjection as projection } from './assessments.projection';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';
const first = '00000000-0000-4000-8000-0000000000a1';
const second = '00000000-0000-4000-8000-0000000000a2';
const third = '00000000-0000-4000-8000-0000000000b1';
const submissionId = '00000000-0000-4000-8000-0000000000c1';

const started = (userId: string, assessmentId: string, questionId: string, at: string): GivenEvent => ({
  type: 'AssessmentStarted',
  streamId: assessmentsStreamId(userId),
  occurredAt: at,
  data: {
    assessmentId,
    userId,
    questionId,
    questionVersion: 1,
    timeLimitSeconds: 1800,
    expiresAt: new Date(new Date(at).getTime() + 1_800_000).toISOString(),
  },
});

const finished = (
  userId: string,
  assessmentId: string,
  questionId: string,
  outcome: 'submitted' | 'abandoned' | 'timedOut',
  at: string,
): GivenEvent => ({
  type: 'AssessmentFinished',
  streamId: assessmentsStreamId(userId),
  occurredAt: at,
  data: {
    assessmentId,
    userId,
    questionId,
    outcome,
    result:
      outcome === 'abandoned'
        ? null
        : { submissionId, language: 'javascript', status: 'CORRECT', testsPassed: 5, testsTotal: 5 },
  },
});

describe('assessments read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given algorithms questions, their newer and older versions and another product, when projected, then one row per algorithms question at its latest version', async () => {
    const rows = await scenario.given(projection, [
      questionPublished('pair-with-sum', { version: 1, name: 'Pair With Sum' }),
      questionPublished('pair-with-sum', { version: 2, name: 'Pair With Sum II' }),
      questionPublished('pair-with-sum', { version: 1, name: 'Pair With Sum' }),
      questionPublished('flex-box', { product: 'frontendexpert' }),
    ]);
    expect(rows.rm_assessment_questions).toEqual([
      {
        question_id: 'pair-with-sum',
        version: 2,
        name: 'Pair With Sum II',
        category: 'Arrays',
        difficulty: 1,
      },
    ]);
  });

  it('given a learner who submits one, abandons one and starts a third, when projected, then one row each with how it ended', async () => {
    const rows = await scenario.given(projection, [
      started(ana, first, 'pair-with-sum', '2026-11-20T10:00:00.000Z'),
      finished(ana, first, 'pair-with-sum', 'submitted', '2026-11-20T10:20:00.000Z'),
      started(ana, second, 'mirror-tree', '2026-11-21T10:00:00.000Z'),
      finished(ana, second, 'mirror-tree', 'abandoned', '2026-11-21T10:05:00.000Z'),
      started(ana, third, 'mirror-tree', '2026-11-22T10:00:00.000Z'),
    ]);
    const byId = Object.fromEntries(
      rows.rm_assessments.map((row) => [row.assessment_id, [row.outcome, row.finished_at, row.result]]),
    );
    expect(byId).toEqual({
      [first]: [
        'submitted',
        new Date('2026-11-20T10:20:00.000Z'),
        { submissionId, language: 'javascript', status: 'CORRECT', testsPassed: 5, testsTotal: 5 },
      ],
      [second]: ['abandoned', new Date('2026-11-21T10:05:00.000Z'), null],
      [third]: [null, null, null],
    });
    expect(rows.rm_assessments.find((row) => row.assessment_id === third)).toMatchObject({
      started_at: new Date('2026-11-22T10:00:00.000Z'),
      expires_at: new Date('2026-11-22T10:30:00.000Z'),
      time_limit_seconds: 1800,
    });
  });

  it('given an account wiped, when projected, then its assessments are gone and the others stay', async () => {
    const rows = await scenario.given(projection, [
      started(ana, first, 'pair-with-sum', '2026-11-20T10:00:00.000Z'),
      started(bo, third, 'pair-with-sum', '2026-11-20T11:00:00.000Z'),
      accountWiped(ana),
    ]);
    expect(rows.rm_assessments.map((row) => row.user_id)).toEqual([bo]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      questionPublished('pair-with-sum', { version: 1 }),
      started(ana, first, 'pair-with-sum', '2026-11-20T10:00:00.000Z'),
      started(bo, third, 'pair-with-sum', '2026-11-20T10:01:00.000Z'),
      finished(ana, first, 'pair-with-sum', 'timedOut', '2026-11-20T11:00:00.000Z'),
      questionPublished('pair-with-sum', { version: 2 }),
      started(ana, second, 'pair-with-sum', '2026-11-20T11:00:00.000Z'),
      finished(bo, third, 'pair-with-sum', 'submitted', '2026-11-20T10:10:00.000Z'),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_assessments).toHaveLength(3);
      expect(rows.rm_assessment_questions.map((row) => row.version)).toEqual([2]);
    }
  });
});
