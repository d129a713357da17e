import { quizQuestionStreamId, quizStreamId } from '@app/contracts';
import type { GivenEvent } from '@app/server-kit';
import { ProjectionScenario } from '../../runtime/testing/projection-scenario';
import { accountWiped } from '../../runtime/testing/given-events';
import { quizzesProjection as projection } from './quizzes.projection';

const ana = '00000000-0000-4000-8000-00000000000a';
const bo = '00000000-0000-4000-8000-00000000000b';

const questionPublished = (questionId: string, version: number): GivenEvent => ({
  type: 'QuizQuestionPublished',
  streamId: quizQuestionStreamId('systemsexpert', questionId),
  data: {
    product: 'systemsexpert',
    questionId,
    version,
    contentSha256: String(version).repeat(64),
    question: {
      slug: questionId,
      order: version,
      topic: 'Caching',
      kind: 'fitb',
      prompt: `Fill the ____ (version ${version}).`,
      answers: ['blank'],
      explanation: 'The blank is the blank: forty characters or more of it.',
    },
  },
});

const recorded = (
  userId: string,
  action: 'started' | 'answered' | 'finished',
  answers: Record<string, string>,
  percent?: number,
  at?: string,
): GivenEvent => ({
  type: 'QuizProgressRecorded',
  streamId: quizStreamId('systemsexpert', userId),
  occurredAt: at,
  data: {
    product: 'systemsexpert',
    quizId: 'systemsexpert',
    userId,
    action,
    answers,
    score: percent === undefined ? null : { correct: percent / 50, total: 2, percent },
  },
});

describe('quizzes read model', () => {
  let scenario: ProjectionScenario;
  beforeAll(async () => {
    scenario = await ProjectionScenario.start();
  });
  afterAll(async () => {
    await scenario.stop();
  });

  it('given a quiz question and its next version, when projected, then its row is the latest version', async () => {
    const rows = await scenario.given(projection, [
      questionPublished('ttl', 1),
      questionPublished('ttl', 2),
      questionPublished('ttl', 1),
    ]);
    expect(rows.rm_quiz_questions).toEqual([
      expect.objectContaining({ product: 'systemsexpert', question_id: 'ttl', version: 2, position: 2 }),
    ]);
  });

  it('given a learner who finishes twice and restarts, when projected, then the quiz is the last action and the best score stays', async () => {
    const rows = await scenario.given(projection, [
      recorded(ana, 'started', {}),
      recorded(ana, 'finished', { ttl: 'blank' }, 100, '2026-11-20T10:00:00.000Z'),
      recorded(ana, 'started', {}),
      recorded(ana, 'finished', { ttl: 'nope' }, 50, '2026-11-21T10:00:00.000Z'),
      recorded(ana, 'answered', {}),
    ]);
    // Finished quizzes are started again before answered (the command side refuses otherwise): the
    // last event here stands for a restart's first answer.
    expect(rows.rm_quiz_attempts).toEqual([
      {
        user_id: ana,
        product: 'systemsexpert',
        quiz_id: 'systemsexpert',
        answers: {},
        score: null,
        finished_at: null,
        best_percent: 100,
      },
    ]);
  });

  it('given an account wiped, when projected, then its quizzes are gone', async () => {
    const rows = await scenario.given(projection, [
      recorded(ana, 'finished', { ttl: 'blank' }, 100),
      recorded(bo, 'finished', { ttl: 'x' }, 0),
      accountWiped(ana),
    ]);
    expect(rows.rm_quiz_attempts.map((row) => [row.user_id, row.best_percent])).toEqual([[bo, 0]]);
  });

  it('a rebuild gives the same rows as the live run', async () => {
    const events = [
      questionPublished('ttl', 1),
      recorded(ana, 'started', {}),
      recorded(bo, 'finished', { ttl: 'blank' }, 100),
      questionPublished('ttl', 2),
      recorded(ana, 'finished', { ttl: 'x' }, 50),
      recorded(bo, 'started', {}),
    ];
    for (const liveBatchSize of [1, 4]) {
      const rows = await scenario.rebuildEqualsLive(projection, events, liveBatchSize);
      expect(rows.rm_quiz_attempts).toHaveLength(2);
      expect(rows.rm_quiz_questions.map((row) => row.version)).toEqual([2]);
    }
  });
});
