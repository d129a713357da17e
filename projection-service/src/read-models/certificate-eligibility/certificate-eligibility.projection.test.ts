import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import {
  accountWiped,
  codeSubmitted,
  questionPublished,
  submissionsReset,
} from '../../runtime/testing/given-events';
import { certificateEligibilityProjection as projection } from './certificate-eligibility.projection';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const eligible = (userId: string, product = 'algoexpert') => ({ user_id: userId, product });
const latest = (userId: string, questionId: string, correct: boolean) => ({
  user_id: userId,
  product: 'algoexpert',
  question_id: questionId,
  correct,
});

describe('certificate-eligibility read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  const eligibility = async () => (await scenario.rows(projection)).rm_certificate_eligibility;
  const then = (...given: GivenEvent[]) => scenario.applyBatch(projection, scenario.events(given));

  it('given two published questions, when a learner solves the first and then the last, then the learner becomes eligible with the last one', async () => {
    await scenario.given(projection, [
      questionPublished('q1'),
      questionPublished('q2'),
      codeSubmitted(ana, 'q1'),
    ]);
    expect(await eligibility()).toEqual([]);
    await then(codeSubmitted(ana, 'q2', 'PARTIALLY_CORRECT'));
    expect(await eligibility()).toEqual([]);
    await then(codeSubmitted(ana, 'q2'));
    expect(await scenario.rows(projection)).toEqual({
      rm_certificate_eligibility_questions: [
        { product: 'algoexpert', question_id: 'q1' },
        { product: 'algoexpert', question_id: 'q2' },
      ],
      rm_certificate_eligibility_latest: [latest(ana, 'q1', true), latest(ana, 'q2', true)],
      rm_certificate_eligibility_wiped_users: [],
      rm_certificate_eligibility: [eligible(ana)],
    });
  });

  it('given an eligible learner, when a new question is published, then eligibility goes until that question is solved', async () => {
    await scenario.given(projection, [
      questionPublished('q1'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(bo, 'q1'),
    ]);
    expect(await eligibility()).toEqual([eligible(ana), eligible(bo)]);
    await then(questionPublished('q2'));
    expect(await eligibility()).toEqual([]);
    await then(codeSubmitted(bo, 'q2'));
    expect(await eligibility()).toEqual([eligible(bo)]);
    // A new version of a published question is not a new question.
    await then(questionPublished('q1', { version: 2 }));
    expect(await eligibility()).toEqual([eligible(bo)]);
  });

  it('given a CORRECT then an INCORRECT submission of the last question, when projected, then the learner is not eligible', async () => {
    for (const batchSize of [1, 4]) {
      const rows = await scenario.given(
        projection,
        [questionPublished('q1'), codeSubmitted(ana, 'q1'), codeSubmitted(ana, 'q1', 'INCORRECT')],
        { batchSize },
      );
      expect(rows.rm_certificate_eligibility).toEqual([]);
      expect(rows.rm_certificate_eligibility_latest).toEqual([latest(ana, 'q1', false)]);
    }
  });

  it('given no published question, when a learner submits, then no one is eligible (nothing required is not unlocked)', async () => {
    const rows = await scenario.given(projection, [codeSubmitted(ana, 'q1')]);
    expect(rows.rm_certificate_eligibility).toEqual([]);
  });

  it('given submissions delivered before their questions are published (Kafka: other streams), when projected, then eligibility follows the questions published so far', async () => {
    await scenario.given(projection, [
      codeSubmitted(ana, 'q1'),
      codeSubmitted(ana, 'q2'),
      codeSubmitted(bo, 'q1'),
    ]);
    expect(await eligibility()).toEqual([]);
    await then(questionPublished('q1'));
    expect(await eligibility()).toEqual([eligible(ana), eligible(bo)]);
    await then(questionPublished('q2'));
    expect(await eligibility()).toEqual([eligible(ana)]);
  });

  it('given an eligible learner who resets the product, when projected, then eligibility goes, in that product only', async () => {
    const rows = await scenario.given(projection, [
      questionPublished('q1'),
      questionPublished('f1', { product: 'frontendexpert' }),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert' }),
      submissionsReset(ana),
    ]);
    expect(rows.rm_certificate_eligibility).toEqual([eligible(ana, 'frontendexpert')]);
    await then(codeSubmitted(ana, 'q1'));
    expect(await eligibility()).toEqual([eligible(ana), eligible(ana, 'frontendexpert')]);
  });

  it('given an eligible learner wiped, then a submission and a reset made before the wipe delivered late (Kafka), when projected, then the learner stays out', async () => {
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
      await then(submissionsReset(ana), codeSubmitted(ana, 'q1'));
      await then(questionPublished('q1', { version: 2 }));
      expect(await scenario.rows(projection)).toEqual({
        rm_certificate_eligibility_questions: [{ product: 'algoexpert', question_id: 'q1' }],
        rm_certificate_eligibility_latest: [latest(bo, 'q1', true)],
        rm_certificate_eligibility_wiped_users: [{ user_id: ana }],
        rm_certificate_eligibility: [eligible(bo)],
      });
    }
  });

  it('given the same batch delivered twice, when projected, then the rows are those of one delivery', async () => {
    const batch = scenario.events([
      questionPublished('q1'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(bo, 'q1', 'INCORRECT'),
      accountWiped(bo),
    ]);
    const once = await scenario.given(projection, batch, { batchSize: batch.length });
    await scenario.applyBatch(projection, batch);
    expect(await scenario.rows(projection)).toEqual(once);
    expect(once.rm_certificate_eligibility).toEqual([eligible(ana)]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      questionPublished('q1'),
      codeSubmitted(ana, 'q1'),
      codeSubmitted(bo, 'q2'),
      questionPublished('q2'),
      codeSubmitted(bo, 'q1', 'INCORRECT'),
      codeSubmitted(ana, 'q2'),
      codeSubmitted(bo, 'q1'),
      codeSubmitted(ana, 'f1', 'CORRECT', { product: 'frontendexpert' }),
      questionPublished('f1', { product: 'frontendexpert' }),
      submissionsReset(bo),
      codeSubmitted(bo, 'q1'),
      questionPublished('q3'),
      codeSubmitted(ana, 'q3'),
      accountWiped(bo),
      codeSubmitted(bo, 'q2'),
    ];
    for (const liveBatchSize of [1, 3]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_certificate_eligibility).toEqual([eligible(ana), eligible(ana, 'frontendexpert')]);
      expect(rows.rm_certificate_eligibility_wiped_users).toEqual([{ user_id: bo }]);
    }
  });
});
