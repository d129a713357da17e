import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import {
  accountWiped,
  codeSubmitted,
  dateColumn,
  questionPublished,
  submissionsReset,
} from '../../runtime/testing/given-events';
import { unlockProgressProjection as projection } from './unlock-progress.projection';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const progress = (userId: string, numCompleted: number, product = 'algoexpert') => ({
  user_id: userId,
  product,
  num_completed: numCompleted,
});
const question = (questionId: string, product = 'algoexpert') => ({ product, question_id: questionId });
const latest = (userId: string, questionId: string, correct: boolean, product = 'algoexpert') => ({
  user_id: userId,
  product,
  question_id: questionId,
  correct,
});
const day = (userId: string, date: string, product = 'algoexpert') => ({
  user_id: userId,
  product,
  day: dateColumn(date),
});

describe('unlock-progress read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given published questions and learners solving some, when projected, then each learner counts the published questions whose latest outcome is CORRECT', async () => {
    const rows = await scenario.given(projection, [
      questionPublished('q1'),
      questionPublished('q2'),
      questionPublished('q3'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(ana, 'q2', 'PARTIALLY_CORRECT'),
      codeSubmitted(ana, 'q2'),
      codeSubmitted(ana, 'q3', 'INCORRECT'),
      codeSubmitted(bo, 'q1'),
    ]);
    expect(rows).toEqual({
      rm_unlock_progress_questions: [question('q1'), question('q2'), question('q3')],
      rm_unlock_progress_latest: [
        latest(ana, 'q1', true),
        latest(ana, 'q2', true),
        latest(ana, 'q3', false),
        latest(bo, 'q1', true),
      ],
      rm_unlock_progress_wiped_users: [],
      rm_unlock_progress: [progress(ana, 2), progress(bo, 1)],
      rm_unlock_progress_days: [day(ana, '2026-11-22'), day(bo, '2026-11-22')],
    });
  });

  it('given a CORRECT then an INCORRECT submission of a question, when projected in one batch or two, then the latest outcome is INCORRECT and the question no longer counts', async () => {
    const events = [questionPublished('q1'), codeSubmitted(ana, 'q1'), codeSubmitted(ana, 'q1', 'INCORRECT')];
    for (const batchSize of [1, 3]) {
      const rows = await scenario.given(projection, events, { batchSize });
      expect(rows.rm_unlock_progress_latest).toEqual([latest(ana, 'q1', false)]);
      expect(rows.rm_unlock_progress).toEqual([progress(ana, 0)]);
      // The CORRECT submission's day stays: the streak counts days with a CORRECT submission.
      expect(rows.rm_unlock_progress_days).toEqual([day(ana, '2026-11-22')]);
    }
    const solvedAgain = await scenario.given(projection, [...events, codeSubmitted(ana, 'q1')]);
    expect(solvedAgain.rm_unlock_progress).toEqual([progress(ana, 1)]);
  });

  it('given submissions delivered before their questions are published (Kafka: other streams), when projected, then they count once the questions are published', async () => {
    await scenario.given(projection, [
      questionPublished('q1'),
      codeSubmitted(ana, 'q2'),
      codeSubmitted(bo, 'q3'),
    ]);
    expect((await scenario.rows(projection)).rm_unlock_progress).toEqual([progress(ana, 0), progress(bo, 0)]);

    await scenario.applyBatch(projection, scenario.events([questionPublished('q2')]));
    const rows = await scenario.rows(projection);
    expect(rows.rm_unlock_progress_questions).toEqual([question('q1'), question('q2')]);
    // Every learner of the product is recounted when its catalogue grows; q3 is still unpublished.
    expect(rows.rm_unlock_progress).toEqual([progress(ana, 1), progress(bo, 0)]);
  });

  it('given a reset of a product, when projected, then the learner starts again at zero in that product only, and later submissions count again', async () => {
    const rows = await scenario.given(
      projection,
      [
        questionPublished('q1'),
        questionPublished('q2'),
        questionPublished('f1', { product: 'frontendexpert' }),
        codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-20T10:00:00.000Z' }),
        codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-21T10:00:00.000Z' }),
        codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert', at: '2026-11-21T11:00:00.000Z' }),
        codeSubmitted(bo, 'q1', 'CORRECT', { at: '2026-11-21T12:00:00.000Z' }),
        submissionsReset(ana, { at: '2026-11-22T09:00:00.000Z' }),
        codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-22T10:00:00.000Z' }),
      ],
      { batchSize: 4 },
    );
    expect(rows.rm_unlock_progress_latest).toEqual([
      latest(ana, 'q2', true),
      latest(ana, 'f1', true, 'frontendexpert'),
      latest(bo, 'q1', true),
    ]);
    expect(rows.rm_unlock_progress).toEqual([
      progress(ana, 1),
      progress(ana, 1, 'frontendexpert'),
      progress(bo, 1),
    ]);
    expect(rows.rm_unlock_progress_days).toEqual([
      day(ana, '2026-11-22'),
      day(ana, '2026-11-21', 'frontendexpert'),
      day(bo, '2026-11-21'),
    ]);
  });

  it('given a reset as the last event, when projected, then the learner is kept at zero', async () => {
    const rows = await scenario.given(projection, [
      questionPublished('q1'),
      codeSubmitted(ana, 'q1'),
      submissionsReset(ana),
    ]);
    expect(rows.rm_unlock_progress).toEqual([progress(ana, 0)]);
    expect(rows.rm_unlock_progress_latest).toEqual([]);
    expect(rows.rm_unlock_progress_days).toEqual([]);
  });

  it('given a wipe, then a submission made before it delivered late (Kafka: the user stream before the submissions stream), when projected, then the wiped learner has no rows but the wiped mark', async () => {
    for (const batchSize of [1, 3, 10]) {
      await scenario.given(
        projection,
        [
          questionPublished('q1'),
          codeSubmitted(ana, 'q1'),
          codeSubmitted(bo, 'q1'),
          accountWiped(ana),
          codeSubmitted(ana, 'q1'),
        ],
        { batchSize },
      );
      await scenario.applyBatch(
        projection,
        scenario.events([codeSubmitted(ana, 'q2'), questionPublished('q2')]),
      );
      expect(await scenario.rows(projection)).toEqual({
        rm_unlock_progress_questions: [question('q1'), question('q2')],
        rm_unlock_progress_latest: [latest(bo, 'q1', true)],
        rm_unlock_progress_wiped_users: [{ user_id: ana }],
        rm_unlock_progress: [progress(bo, 1)],
        rm_unlock_progress_days: [day(bo, '2026-11-22')],
      });
    }
  });

  it('given a wipe, then a reset made before it delivered late (Kafka: the user stream before the submissions stream), when projected, then the wiped learner gets no row back', async () => {
    for (const batchSize of [1, 3]) {
      const rows = await scenario.given(
        projection,
        [questionPublished('q1'), codeSubmitted(ana, 'q1'), accountWiped(ana), submissionsReset(ana)],
        { batchSize },
      );
      expect(rows.rm_unlock_progress).toEqual([]);
      expect(rows.rm_unlock_progress_latest).toEqual([]);
      expect(rows.rm_unlock_progress_days).toEqual([]);
    }
  });

  it('given CORRECT submissions on several days, when projected, then the streak table keeps one row per learner, product and UTC day with a CORRECT submission', async () => {
    const rows = await scenario.given(projection, [
      codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-20T23:59:59.000Z' }),
      codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-21T00:00:00.000Z' }),
      codeSubmitted(ana, 'q3', 'CORRECT', { at: '2026-11-21T18:00:00.000Z' }),
      codeSubmitted(ana, 'q1', 'INCORRECT', { at: '2026-11-22T08:00:00.000Z' }),
      codeSubmitted(ana, 'q1', 'PARTIALLY_CORRECT', { at: '2026-11-23T08:00:00.000Z' }),
      codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert', at: '2026-11-23T09:00:00.000Z' }),
      codeSubmitted(bo, 'q1', 'CORRECT', { at: '2026-11-24T08:00:00.000Z' }),
    ]);
    expect(rows.rm_unlock_progress_days).toEqual([
      day(ana, '2026-11-20'),
      day(ana, '2026-11-21'),
      day(ana, '2026-11-23', 'frontendexpert'),
      day(bo, '2026-11-24'),
    ]);
  });

  it('given the same batch delivered twice, when projected, then the rows are those of one delivery', async () => {
    const batch = scenario.events([
      questionPublished('q1'),
      questionPublished('q2'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(bo, 'q2', 'INCORRECT'),
      submissionsReset(bo),
      codeSubmitted(bo, 'q1'),
    ]);
    const once = await scenario.given(projection, batch, { batchSize: batch.length });
    await scenario.applyBatch(projection, batch);
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_unlock_progress).toEqual([progress(ana, 1), progress(bo, 1)]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      questionPublished('q1'),
      questionPublished('q2'),
      codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-20T10:00:00.000Z' }),
      codeSubmitted(bo, 'q1', 'INCORRECT', { at: '2026-11-20T11:00:00.000Z' }),
      codeSubmitted(ana, 'q3', 'CORRECT', { at: '2026-11-21T10:00:00.000Z' }),
      codeSubmitted(bo, 'q1', 'CORRECT', { at: '2026-11-21T11:00:00.000Z' }),
      questionPublished('q3'),
      codeSubmitted(ana, 'q2', 'CORRECT', { at: '2026-11-22T10:00:00.000Z' }),
      codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert', at: '2026-11-22T11:00:00.000Z' }),
      submissionsReset(bo, { at: '2026-11-22T12:00:00.000Z' }),
      codeSubmitted(bo, 'q2', 'CORRECT', { at: '2026-11-23T10:00:00.000Z' }),
      codeSubmitted(ana, 'q1', 'INCORRECT', { at: '2026-11-23T11:00:00.000Z' }),
      accountWiped(ana, { at: '2026-11-23T12:00:00.000Z' }),
      codeSubmitted(ana, 'q1', 'CORRECT', { at: '2026-11-23T11:30:00.000Z' }),
      questionPublished('q2', { version: 2 }),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_unlock_progress).toEqual([progress(bo, 1)]);
      expect(rows.rm_unlock_progress_wiped_users).toEqual([{ user_id: ana }]);
      expect(rows.rm_unlock_progress_days).toEqual([day(bo, '2026-11-23')]);
    }
  });
});
