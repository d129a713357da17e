import { assessmentQuestionStreamId, practiceQuestionStreamId, practiceStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { practiceProjection as projection } from './practice.projection';
import { readCourseAssessment } from './course-assessment.queries';
import { readUnlocks } from '../unlock-progress/unlock-progress.queries';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const published = (questionId: string, version: number, order = 1): GivenEvent => ({
  type: 'PracticeQuestionPublished',
  streamId: practiceQuestionStreamId('blockchainexpert', questionId),
  data: {
    product: 'blockchainexpert',
    course: 'solidity-fundamentals',
    lessonId: 'types-and-data-locations',
    questionId,
    version,
    contentSha256: String(version).repeat(64),
    question: {
      slug: questionId,
      order,
      topic: 'Data locations',
      kind: 'mcq',
      prompt: `Which location is cheapest for a read-only argument (version ${version})?`,
      choices: ['storage', 'memory', 'calldata'],
      answer: 2,
      explanation: 'Calldata is read in place from the transaction input: nothing is copied.',
    },
  },
});

const assessmentPublished = (questionId: string, version: number, order = 1): GivenEvent => ({
  type: 'AssessmentQuestionPublished',
  streamId: assessmentQuestionStreamId('blockchainexpert', questionId),
  data: {
    product: 'blockchainexpert',
    course: 'solidity-fundamentals',
    questionId,
    version,
    contentSha256: String(version).repeat(64),
    question: {
      slug: questionId,
      order,
      topic: 'Types and Data Locations',
      kind: 'fitb',
      prompt: `After \`uint8 x = 250; unchecked { x += 10; }\`, x is ____ (version ${version}).`,
      answers: ['4'],
      explanation: 'Unchecked arithmetic on a uint8 wraps modulo 256: 260 - 256 = 4.',
    },
  },
});

const answered = (userId: string, questionId: string, correct: boolean, at: string): GivenEvent => ({
  type: 'ChoiceQuestionAnswered',
  streamId: practiceStreamId('blockchainexpert', userId),
  occurredAt: at,
  data: {
    userId,
    product: 'blockchainexpert',
    questionId,
    kind: 'mcq',
    answer: correct ? '2' : '0',
    correct,
  },
});

describe('practice read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given a practice question and its next version out of order, when projected, then its row is the latest', async () => {
    const rows = await scenario.given(projection, [
      published('calldata', 1),
      published('calldata', 2, 3),
      published('calldata', 1),
    ]);
    expect(rows.rm_practice_questions).toEqual([
      expect.objectContaining({
        product: 'blockchainexpert',
        question_id: 'calldata',
        version: 2,
        course: 'solidity-fundamentals',
        lesson_id: 'types-and-data-locations',
        position: 3,
      }),
    ]);
  });

  it('given assessment questions and a next version out of order, when projected, then each row is the latest of its course', async () => {
    const rows = await scenario.given(projection, [
      assessmentPublished('unchecked-wrap', 1, 2),
      assessmentPublished('memory-alias', 1, 1),
      assessmentPublished('unchecked-wrap', 2, 7),
      assessmentPublished('unchecked-wrap', 1, 2),
    ]);
    expect(
      rows.rm_course_assessment_questions.map(({ question_id, version, course, position }) => ({
        question_id,
        version,
        course,
        position,
      })),
    ).toEqual([
      { question_id: 'memory-alias', version: 1, course: 'solidity-fundamentals', position: 1 },
      { question_id: 'unchecked-wrap', version: 2, course: 'solidity-fundamentals', position: 7 },
    ]);
    expect(rows.rm_practice_questions).toEqual([]);
  });

  it("given a course's assessment and a learner's answers, when assessments/get reads it, then the questions come in order and only a question answered right shows its answer", async () => {
    await scenario.given(projection, [
      assessmentPublished('unchecked-wrap', 1, 2),
      assessmentPublished('memory-alias', 1, 1),
      answered(ana, 'memory-alias', false, '2026-11-20T10:00:00.000Z'),
      answered(ana, 'unchecked-wrap', true, '2026-11-20T10:01:00.000Z'),
      answered(ana, 'unchecked-wrap', false, '2026-11-20T10:02:00.000Z'),
    ]);
    const forAna = await readCourseAssessment(
      scenario.pool,
      'blockchainexpert',
      'solidity-fundamentals',
      ana,
    );
    expect(forAna).toEqual([
      {
        id: 'memory-alias',
        number: 1,
        kind: 'fitb',
        topic: 'Types and Data Locations',
        prompt: expect.stringContaining('version 1'),
        answeredRightAt: null,
      },
      {
        id: 'unchecked-wrap',
        number: 2,
        kind: 'fitb',
        topic: 'Types and Data Locations',
        prompt: expect.stringContaining('version 1'),
        answeredRightAt: '2026-11-20T10:01:00.000Z',
        answers: ['4'],
        explanation: 'Unchecked arithmetic on a uint8 wraps modulo 256: 260 - 256 = 4.',
      },
    ]);
    const forBo = await readCourseAssessment(scenario.pool, 'blockchainexpert', 'solidity-fundamentals', bo);
    expect(forBo.map((item) => [item.answeredRightAt, 'answers' in item])).toEqual([
      [null, false],
      [null, false],
    ]);
    expect(await readCourseAssessment(scenario.pool, 'blockchainexpert', 'web3-tools', ana)).toEqual([]);
  });

  it("given practice and assessment answers, when unlocks/get reads blockchain's counts, then each counts its published questions answered right and all of them unlock the certificate", async () => {
    const given = [
      published('calldata', 1),
      assessmentPublished('unchecked-wrap', 1, 1),
      assessmentPublished('memory-alias', 1, 2),
      answered(ana, 'unchecked-wrap', false, '2026-11-20T10:00:00.000Z'),
      answered(ana, 'unchecked-wrap', true, '2026-11-20T10:01:00.000Z'),
      answered(ana, 'calldata', true, '2026-11-20T10:02:00.000Z'),
      answered(ana, 'retired-question', true, '2026-11-20T10:03:00.000Z'),
    ];
    await scenario.given(projection, given);
    const unlocks = () => readUnlocks(scenario.pool, ana, 'blockchainexpert', '2026-11-20');
    expect(await unlocks()).toMatchObject({
      numPracticeQuestionsCompleted: 1,
      numPracticeQuestionsRequired: 1,
      numAssessmentQuestionsCompleted: 1,
      numAssessmentQuestionsRequired: 2,
      hasUnlockedLatestCert: false,
    });
    await scenario.given(projection, [
      ...given,
      answered(ana, 'memory-alias', true, '2026-11-20T10:04:00.000Z'),
    ]);
    expect(await unlocks()).toMatchObject({
      numAssessmentQuestionsCompleted: 2,
      numAssessmentQuestionsRequired: 2,
      hasUnlockedLatestCert: true,
      hasUnlockedRecruitingProfile: true,
    });
  });

  it('given wrong and right answers, when projected, then only the first right answer of each question counts', async () => {
    const rows = await scenario.given(projection, [
      answered(ana, 'calldata', false, '2026-11-20T10:00:00.000Z'),
      answered(ana, 'calldata', true, '2026-11-20T10:01:00.000Z'),
      answered(ana, 'calldata', true, '2026-11-21T10:00:00.000Z'),
      answered(ana, 'calldata', false, '2026-11-22T10:00:00.000Z'),
      answered(bo, 'calldata', false, '2026-11-20T10:00:00.000Z'),
    ]);
    expect(rows.rm_practice_correct).toEqual([
      {
        user_id: ana,
        product: 'blockchainexpert',
        question_id: 'calldata',
        first_correct_at: new Date('2026-11-20T10:01:00.000Z'),
      },
    ]);
  });

  it('given an account wiped, when projected, then its answers are gone and the questions stay', async () => {
    const rows = await scenario.given(projection, [
      published('calldata', 1),
      answered(ana, 'calldata', true, '2026-11-20T10:00:00.000Z'),
      answered(bo, 'calldata', true, '2026-11-20T10:00:00.000Z'),
      accountWiped(ana),
    ]);
    expect(rows.rm_practice_correct.map((row) => row.user_id)).toEqual([bo]);
    expect(rows.rm_practice_questions).toHaveLength(1);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      published('calldata', 1),
      assessmentPublished('unchecked-wrap', 1),
      answered(ana, 'unchecked-wrap', true, '2026-11-20T09:00:00.000Z'),
      assessmentPublished('unchecked-wrap', 2),
      answered(ana, 'calldata', false, '2026-11-20T10:00:00.000Z'),
      answered(bo, 'calldata', true, '2026-11-20T10:00:00.000Z'),
      published('calldata', 2),
      answered(ana, 'calldata', true, '2026-11-21T10:00:00.000Z'),
      accountWiped(bo),
    ];
    for (const liveBatchSize of [1, 4]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_practice_correct.map((row) => [row.user_id, row.question_id])).toEqual([
        [ana, 'calldata'],
        [ana, 'unchecked-wrap'],
      ]);
      expect(rows.rm_practice_questions.map((row) => row.version)).toEqual([2]);
      expect(rows.rm_course_assessment_questions.map((row) => row.version)).toEqual([2]);
    }
  });
});
