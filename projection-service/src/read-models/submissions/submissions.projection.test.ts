import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped, codeSubmitted, submissionsReset } from '../../runtime/testing/given-events';
import { submissionsProjection as projection } from './submissions.projection';

/*
 * The submissions read model, applied batch by batch in PostgreSQL, in the orders the Kafka feed can
 * deliver: a wipe (the user's stream) may arrive before a submission made earlier (its own stream).
 */

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const counted = (userId: string, questionId: string, submissions: number, product = 'algoexpert') =>
  expect.objectContaining({ user_id: userId, product, question_id: questionId, submissions });

describe('submissions read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given submissions of two questions, when projected in batches, then each question keeps its latest submission and counts them all', async () => {
    const rows = await scenario.given(
      projection,
      [
        codeSubmitted(ana, 'q1', 'INCORRECT', { at: '2026-11-22T10:00:00.000Z' }),
        codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-22T10:01:00.000Z' }),
        codeSubmitted(ana, 'q1', 'PARTIALLY_CORRECT', { at: '2026-11-22T10:02:00.000Z', language: 'java' }),
      ],
      { batchSize: 2 },
    );
    expect(rows.rm_latest_submissions).toEqual([
      {
        user_id: ana,
        product: 'algoexpert',
        question_id: 'q1',
        language: 'java',
        status: 'PARTIALLY_CORRECT',
        tests_passed: 5,
        tests_total: 10,
        submitted_at: new Date('2026-11-22T10:02:00.000Z'),
        submissions: 2,
      },
      {
        user_id: ana,
        product: 'algoexpert',
        question_id: 'q2',
        language: 'python',
        status: 'CORRECT',
        tests_passed: 10,
        tests_total: 10,
        submitted_at: new Date('2026-11-22T10:01:00.000Z'),
        submissions: 1,
      },
    ]);
  });

  it('given a wipe in order and a wipe delivered before submissions made earlier (Kafka), when projected, then the wiped learners have no rows, in the same batch or a later one', async () => {
    await scenario.given(projection, [codeSubmitted(ana, 'q1'), codeSubmitted(bo, 'q1'), accountWiped(ana)], {
      batchSize: 3,
    });
    const wipedFirst = '00000000-0000-4000-8000-00000000000c';
    // The wipe delivered first, then submissions made before it: in the same batch and in a later one.
    await scenario.applyBatch(
      projection,
      scenario.events([accountWiped(wipedFirst), codeSubmitted(wipedFirst, 'q1')]),
    );
    await scenario.applyBatch(projection, scenario.events([codeSubmitted(wipedFirst, 'q2')]));
    await scenario.applyBatch(projection, scenario.events([codeSubmitted(ana, 'q3')]));
    const rows = await scenario.rows(projection);
    expect(rows.rm_latest_submissions).toEqual([counted(bo, 'q1', 1)]);
    expect(rows.rm_submissions_wiped_users).toEqual([{ user_id: ana }, { user_id: wipedFirst }]);
  });

  it('given a reset of one product, when projected, then only that product is cleared, and submissions after it count from zero', async () => {
    const rows = await scenario.given(projection, [
      codeSubmitted(ana, 'q1'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert' }),
      codeSubmitted(bo, 'q1'),
      submissionsReset(ana),
      codeSubmitted(ana, 'q1', 'INCORRECT'),
    ]);
    expect(rows.rm_latest_submissions).toEqual([
      counted(ana, 'q1', 1),
      counted(ana, 'f1', 1, 'frontendexpert'),
      counted(bo, 'q1', 1),
    ]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      codeSubmitted(ana, 'q1', 'INCORRECT', { at: '2026-11-20T10:00:00.000Z' }),
      codeSubmitted(bo, 'q1', 'CORRECT', { at: '2026-11-20T11:00:00.000Z' }),
      codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-21T10:00:00.000Z' }),
      codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-21T10:05:00.000Z' }),
      codeSubmitted(bo, 'f1', 'CORRECT', { product: 'frontendexpert', at: '2026-11-21T11:00:00.000Z' }),
      submissionsReset(bo, { at: '2026-11-21T12:00:00.000Z' }),
      codeSubmitted(bo, 'q2', 'PARTIALLY_CORRECT', { at: '2026-11-22T09:00:00.000Z' }),
      codeSubmitted(ana, 'q2', 'INCORRECT', { at: '2026-11-22T10:00:00.000Z' }),
      codeSubmitted(bo, 'q2', 'CORRECT', { at: '2026-11-23T09:00:00.000Z' }),
      accountWiped(ana, { at: '2026-11-23T10:00:00.000Z' }),
      codeSubmitted(ana, 'q3', 'CORRECT', { at: '2026-11-23T09:59:00.000Z' }),
      codeSubmitted(bo, 'q1', 'INCORRECT', { at: '2026-11-23T11:00:00.000Z' }),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_latest_submissions).toEqual([
        counted(bo, 'q1', 1),
        counted(bo, 'q2', 2),
        counted(bo, 'f1', 1, 'frontendexpert'),
      ]);
    }
  });
});
