import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';

/*
 * The learning engine (issue 22) over the content contract's fixtures (tests/fixtures/learning-content):
 * the systems-design and machine-learning folders published as events at start, served by the lesson
 * and design-question calls with the free samples open to everyone and the rest to owners only.
 */
const fixtures = path.resolve(__dirname, '..', '..', 'fixtures', 'learning-content');
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'learning-content-'));
fs.cpSync(fixtures, contentDir, { recursive: true });
// A second design question, not free: the locked case.
const lockedDesign = path.join(contentDir, 'systems', 'design-questions', 'sample-chat');
fs.cpSync(path.join(contentDir, 'systems', 'design-questions', 'sample-url-shortener'), lockedDesign, {
  recursive: true,
});
fs.writeFileSync(
  path.join(lockedDesign, 'question.json'),
  JSON.stringify({
    ...JSON.parse(fs.readFileSync(path.join(lockedDesign, 'question.json'), 'utf8')),
    slug: 'sample-chat',
    name: 'Sample: Design a Chat Service',
    order: 2,
    free: false,
  }),
);

// The machine-learning coding question of the fixtures is free; a copy that is not is the locked case.
const mlQuestions = path.join(contentDir, 'machine-learning', 'questions');
const softmaxSolution = fs.readFileSync(
  path.join(mlQuestions, 'stable-softmax', 'solutions', 'python'),
  'utf8',
);
fs.cpSync(path.join(mlQuestions, 'stable-softmax'), path.join(mlQuestions, 'locked-softmax'), {
  recursive: true,
});
fs.writeFileSync(
  path.join(mlQuestions, 'locked-softmax', 'question.json'),
  JSON.stringify({
    ...JSON.parse(fs.readFileSync(path.join(mlQuestions, 'stable-softmax', 'question.json'), 'utf8')),
    slug: 'locked-softmax',
    name: 'Locked Softmax',
    free: false,
  }),
);

let platform: Platform;
let systemsOwner: SignedInUser;
let learner: SignedInUser;

type Lesson = {
  id: string;
  section: string;
  title: string;
  order: number;
  isFree: boolean;
  body: string | null;
  acl: { isAvailable: boolean };
};
type Lessons = { items: Lesson[] };

const systems = (callPath: string, json: unknown, token?: string) =>
  call<unknown>(platform.url, `/api/problems/v1/systemsexpert/${callPath}`, { json, token });
const ml = (callPath: string, json: unknown, token?: string) =>
  call<unknown>(platform.url, `/api/problems/v1/mlexpert/${callPath}`, { json, token });

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: contentDir } });
  systemsOwner = await signInWithRoles(platform.url, ['systemsexpertv1'], 'learning-owner');
  learner = await signInWithRoles(platform.url, [], 'learning-learner');
  const { rows } = await platform.pool.query<{ p: string }>(
    `SELECT transaction_id::text || '.' || position AS p FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
  );
  const caughtUp = await call(platform.url, '/api/problems/v1/systemsexpert/fundamentals/get', {
    json: {},
    headers: { 'x-min-position': rows[0].p },
  });
  expect(caughtUp.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await platform?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

describe('lessons', () => {
  it('fundamentals/get lists the systems fundamentals in order, the text of the locked ones null for non-owners', async () => {
    for (const token of [undefined, learner.token]) {
      const answer = await systems('fundamentals/get', {}, token);
      expect(answer.status).toBe(200);
      const { items } = answer.body as Lessons;
      expect(items.map((item) => [item.id, item.order, item.isFree, item.acl.isAvailable])).toEqual([
        ['sample-latency', 1, true, true],
        ['sample-caching', 2, false, false],
      ]);
      expect(items[0].body).toContain('## Two different numbers');
      expect(items[1].body).toBeNull();
    }
    const owned = (await systems('fundamentals/get', {}, systemsOwner.token)).body as Lessons;
    expect(owned.items[1]).toMatchObject({
      acl: { isAvailable: true },
      body: expect.stringContaining('```mermaid'),
    });
  });

  it('glossary/get answers the terms A to Z to anyone, with related terms and lessons; a product without one, none', async () => {
    const glossary = await call<{ items: Record<string, unknown>[] }>(
      platform.url,
      '/api/problems/v1/systemsexpert/glossary/get',
      { json: {} },
    );
    expect(glossary.status).toBe(200);
    expect(glossary.body.items).toEqual([
      {
        id: 'sample-cache-hit-ratio',
        term: 'Cache hit ratio',
        definition: expect.stringMatching(/^The share of reads/),
        seeAlso: ['sample-ttl'],
        lesson: { id: 'sample-caching', section: 'fundamentals', title: expect.any(String) },
        version: 1,
      },
      expect.objectContaining({ id: 'sample-ttl', term: 'Time to live (TTL)', lesson: null }),
    ]);
    const none = await ml('glossary/get', {});
    expect({ status: none.status, body: none.body }).toEqual({ status: 200, body: { items: [] } });
  });

  it('lessons/list answers one course section of a product; an unknown section is 404', async () => {
    const crash = await ml('lessons/list', { section: 'crash-course' });
    expect(crash.status).toBe(200);
    expect(
      (crash.body as Lessons).items.map((item) => [item.id, item.section, item.acl.isAvailable]),
    ).toEqual([
      ['sample-what-is-a-model', 'crash-course', true],
      ['sample-overfitting', 'crash-course', false],
    ]);
    const largeScale = (await ml('lessons/list', { section: 'large-scale' })).body as Lessons;
    expect(largeScale.items.map((item) => item.id)).toEqual(['sample-feature-stores']);
    const tips = (await systems('interview-tips/get', {})).body as Lessons;
    expect(tips.items.map((item) => item.id)).toEqual(['sample-drive-the-design']);
    expect((await ml('lessons/list', { section: 'toString' })).status).toBe(404);
    expect((await ml('lessons/list', { section: 'fundamentals' })).body).toEqual({ items: [] });
  });

  it("lessons/get opens a free sample to anyone and a locked lesson's text to owners only", async () => {
    const free = await systems('lessons/get', { lessonId: 'sample-latency' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      id: 'sample-latency',
      section: 'fundamentals',
      acl: { isAvailable: true },
    });
    const locked = await systems('lessons/get', { lessonId: 'sample-caching' }, learner.token);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ title: 'Sample: Caching', body: null, acl: { isAvailable: false } });
    const owned = await systems(
      'lessons/get',
      { lessonId: 'sample-caching', section: 'fundamentals' },
      systemsOwner.token,
    );
    expect(owned.body).toMatchObject({
      acl: { isAvailable: true },
      body: expect.stringContaining('## Invalidation'),
    });
    // Owning systems design opens nothing of machine learning.
    const other = await ml('lessons/get', { lessonId: 'sample-overfitting' }, systemsOwner.token);
    expect(other.body).toMatchObject({ body: null, acl: { isAvailable: false } });
    expect((await systems('lessons/get', { lessonId: 'no-such-lesson' })).status).toBe(404);
    expect(
      (await systems('lessons/get', { lessonId: 'sample-latency', section: 'crash-course' })).status,
    ).toBe(404);
  });
});

describe('design questions', () => {
  it('design-questions/list lists them in order with their availability', async () => {
    const answer = await systems('design-questions/list', {}, learner.token);
    expect(answer.status).toBe(200);
    expect(
      (
        answer.body as { items: { id: string; difficulty: string; acl: { isAvailable: boolean } }[] }
      ).items.map((item) => [item.id, item.difficulty, item.acl.isAvailable]),
    ).toEqual([
      ['sample-url-shortener', 'Medium', true],
      ['sample-chat', 'Medium', false],
    ]);
  });

  it('design-questions/get answers the prompt, hints and walkthrough of the free one to anyone, the locked one to owners', async () => {
    const free = await systems('design-questions/get', { questionId: 'sample-url-shortener' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      name: 'Sample: Design a URL Shortener',
      prompt: expect.stringContaining('## The prompt'),
      walkthrough: expect.stringContaining('```mermaid'),
      hints: [{ title: 'Hint 1' }, { title: 'Hint 2' }, { title: 'Hint 3' }],
    });
    const locked = await systems('design-questions/get', { questionId: 'sample-chat' }, learner.token);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'PRODUCT_NOT_OWNED' });
    expect(JSON.stringify(locked.body)).not.toContain('Requirements');
    const owned = await systems('design-questions/get', { questionId: 'sample-chat' }, systemsOwner.token);
    expect(owned.status).toBe(200);
    expect((await ml('design-questions/get', { questionId: 'sample-feed-ranking' })).status).toBe(200);
    expect((await ml('design-questions/get', { questionId: 'sample-url-shortener' })).status).toBe(404);
  });
});

describe('long-form and interview questions', () => {
  type LongForm = {
    id: string;
    title: string;
    minutes: number;
    isFree: boolean;
    acl: { isAvailable: boolean };
  };

  it('long-form-questions/list lists the design questions as long-form ones, locked for non-owners', async () => {
    for (const [token, lockedOpen] of [
      [undefined, false],
      [learner.token, false],
      [systemsOwner.token, true],
    ] as const) {
      const answer = await systems('long-form-questions/list', {}, token);
      expect(answer.status).toBe(200);
      const { items } = answer.body as { items: LongForm[] };
      expect(items.map((item) => [item.id, item.title, item.isFree, item.acl.isAvailable])).toEqual([
        ['sample-url-shortener', 'Sample: Design a URL Shortener', true, true],
        ['sample-chat', 'Sample: Design a Chat Service', false, lockedOpen],
      ]);
      expect(items[0].minutes).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(items)).not.toContain('```mermaid');
    }
    const mlItems = ((await ml('long-form-questions/list', {})).body as { items: LongForm[] }).items;
    expect(mlItems.map((item) => item.id)).toEqual(['sample-feed-ranking']);
  });

  it('long-form-questions/get answers the question and its model answer to anyone for the free one, to owners for the rest', async () => {
    const free = await systems('long-form-questions/get', { questionId: 'sample-url-shortener' });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({
      id: 'sample-url-shortener',
      title: 'Sample: Design a URL Shortener',
      question: expect.stringContaining('## The prompt'),
      answer: expect.stringContaining('```mermaid'),
      acl: { isAvailable: true },
    });
    for (const token of [undefined, learner.token]) {
      const locked = await systems('long-form-questions/get', { questionId: 'sample-chat' }, token);
      expect(locked.status).toBe(403);
      expect(locked.body).toMatchObject({ code: 'PRODUCT_NOT_OWNED' });
      expect(JSON.stringify(locked.body)).not.toContain('## The prompt');
    }
    const owned = await systems('long-form-questions/get', { questionId: 'sample-chat' }, systemsOwner.token);
    expect(owned.status).toBe(200);
    expect(owned.body).toMatchObject({ answer: expect.stringContaining('```mermaid') });
    // Owning systems design opens nothing of machine learning, and an unknown id is 404.
    expect(
      (await ml('long-form-questions/get', { questionId: 'sample-chat' }, systemsOwner.token)).status,
    ).toBe(404);
    expect((await systems('long-form-questions/get', { questionId: 'no-such-question' })).status).toBe(404);
  });

  it('interview-questions/list lists every question of the product with its kind and availability', async () => {
    type Interview = { id: string; kind: string; difficulty: string; acl: { isAvailable: boolean } };
    const visitor = (await systems('interview-questions/list', {})).body as { items: Interview[] };
    expect(visitor.items.map((item) => [item.id, item.kind, item.difficulty, item.acl.isAvailable])).toEqual([
      ['sample-url-shortener', 'design', 'Medium', true],
      ['sample-chat', 'design', 'Medium', false],
    ]);
    const owned = (await systems('interview-questions/list', {}, systemsOwner.token)).body as {
      items: Interview[];
    };
    expect(owned.items.every((item) => item.acl.isAvailable)).toBe(true);
    expect(JSON.stringify(owned)).not.toContain('## The prompt');
    const mlAnswer = (await ml('interview-questions/list', {}, systemsOwner.token)).body as {
      items: Interview[];
    };
    expect(mlAnswer.items).toContainEqual(
      expect.objectContaining({ id: 'sample-feed-ranking', kind: 'design', acl: { isAvailable: true } }),
    );
  });
});

describe('machine-learning coding questions', () => {
  type Judged = {
    TestResults: { Matches: boolean; hideOutput: boolean }[];
    submission?: { questionId: string; status: string };
    code?: string;
  };
  const submit = (questionId: string, language: string, code: string, token: string) =>
    call<Judged>(platform.url, '/api/problems/v1/mlexpert/submissions/create', {
      json: { questionId, language, code },
      token,
      headers: { 'idempotency-key': randomUUID() },
    });

  it("judges an owner's numpy solution in Python, hidden tests included: CORRECT", async () => {
    const mlOwner = await signInWithRoles(platform.url, ['mlexpertv1'], 'ml-coder');
    const answer = await submit('locked-softmax', 'python', softmaxSolution, mlOwner.token);
    expect(answer.status).toBe(200);
    expect(answer.body.submission).toMatchObject({ questionId: 'locked-softmax', status: 'CORRECT' });
    expect(answer.body.TestResults.filter((t) => t.hideOutput).length).toBeGreaterThan(0);
    expect(answer.body.TestResults.every((t) => t.Matches)).toBe(true);
    const wrong = await submit(
      'locked-softmax',
      'python',
      'def softmax(logits):\n    return logits\n',
      mlOwner.token,
    );
    expect(wrong.body.submission).toMatchObject({ questionId: 'locked-softmax', status: 'INCORRECT' });
  });

  it('offers Python alone, and locks the questions that are not free from non-owners', async () => {
    const mlOwner = await signInWithRoles(platform.url, ['mlexpertv1'], 'ml-coder-js');
    const js = await submit('locked-softmax', 'javascript', 'exports.softmax = (x) => x;', mlOwner.token);
    expect(js.status).toBe(400);
    expect(js.body).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE' });
    const locked = await submit('locked-softmax', 'python', softmaxSolution, systemsOwner.token);
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'PRODUCT_NOT_OWNED' });
    const free = await submit('stable-softmax', 'python', softmaxSolution, learner.token);
    expect(free.status).toBe(200);
    expect(free.body.submission).toMatchObject({ questionId: 'stable-softmax', status: 'CORRECT' });
  });
});

describe('publishing', () => {
  it('publishes each learning item once: a second run changes nothing', async () => {
    const again = await call<{
      published: number;
      items: { product?: string; kind: string; outcome: string }[];
    }>(platform.url, '/api/staff/v1/content/publish', { json: {}, token: STAFF_TOKEN });
    expect(again.status).toBe(200);
    expect(again.body.published).toBe(0);
    const kinds = again.body.items
      .filter((item) => item.product)
      .map((item) => `${item.product}:${item.kind}`);
    expect(new Set(kinds)).toEqual(
      new Set([
        'systemsexpert:fundamentals',
        'systemsexpert:interview-tips',
        'systemsexpert:quiz',
        'systemsexpert:design-question',
        'systemsexpert:glossary',
        'mlexpert:crash-course',
        'mlexpert:large-scale-ml',
        'mlexpert:interview-tips',
        'mlexpert:quiz',
        'mlexpert:design-question',
        'mlexpert:question',
      ]),
    );
  });
});

describe('quizzes', () => {
  type QuizReply = {
    position: string;
    quiz: {
      id: string;
      userAnswers: Record<string, unknown>;
      score: number | null;
      questions: Record<string, unknown>[];
    };
  };
  const answerKeys = /"(answer|answers|explanation|isCorrect)"/;

  it('are open to owners only', async () => {
    expect((await systems('quiz/list', {}, learner.token)).status).toBe(403);
    expect((await ml('quiz/list', {}, systemsOwner.token)).status).toBe(403);
    expect((await call(platform.url, '/api/problems/v1/systems-design-quiz/list', { json: {} })).status).toBe(
      401,
    );
  });

  it("never send a question's right answer before the learner answered it; answering reveals its verdict, finishing judges the rest and moves quizScore", async () => {
    const token = (await signInWithRoles(platform.url, ['systemsexpertv1'], 'quiz-taker')).token;
    const listed = await systems('quiz/list', {}, token);
    expect(listed.status).toBe(200);
    const [quiz] = listed.body as QuizReply['quiz'][];
    expect(quiz).toMatchObject({ id: 'systemsexpert', userAnswers: {}, score: null });
    expect(quiz.questions.map((q) => q.id)).toEqual([
      'sample-cache-aside',
      'sample-throughput',
      'sample-ttl',
    ]);
    expect(quiz.questions[0]).toEqual({
      id: 'sample-cache-aside',
      order: 1,
      topic: 'Caching',
      kind: 'mcq',
      prompt: expect.any(String),
      choices: expect.any(Array),
    });
    expect(JSON.stringify(listed.body)).not.toMatch(answerKeys);

    const started = await systems('quiz/start', { id: 'systemsexpert' }, token);
    expect(started.status).toBe(200);
    const answered = await systems(
      'quiz/answer',
      { id: 'systemsexpert', answers: { 'sample-cache-aside': 1 } },
      token,
    );
    expect(answered.status).toBe(200);
    const answeredQuiz = (answered.body as QuizReply).quiz;
    expect(answeredQuiz.userAnswers).toEqual({ 'sample-cache-aside': 1 });
    // The answered question comes back judged, with its explanation; the others still without answers.
    expect(answeredQuiz.questions[0]).toMatchObject({
      id: 'sample-cache-aside',
      answer: 1,
      isCorrect: true,
      explanation: expect.any(String),
    });
    expect(JSON.stringify(answeredQuiz.questions.slice(1))).not.toMatch(answerKeys);
    const again = await call<QuizReply['quiz'][]>(platform.url, '/api/problems/v1/systems-design-quiz/list', {
      json: {},
      token,
      headers: { 'x-min-position': (answered.body as QuizReply).position },
    });
    expect(again.body[0].userAnswers).toEqual({ 'sample-cache-aside': 1 });
    expect(again.body[0].questions[0]).toMatchObject({ answer: 1, isCorrect: true });
    expect(JSON.stringify(again.body[0].questions.slice(1))).not.toMatch(answerKeys);
    const unknown = await systems('quiz/answer', { id: 'systemsexpert', answers: { 'no-such': 1 } }, token);
    expect(unknown.status).toBe(400);
    // Once its verdict was shown, an answer stays: changing or dropping it is refused.
    const changed = await systems(
      'quiz/answer',
      { id: 'systemsexpert', answers: { 'sample-cache-aside': 0 } },
      token,
    );
    expect(changed.status).toBe(400);
    expect((await systems('quiz/answer', { id: 'systemsexpert', answers: {} }, token)).status).toBe(400);

    const finished = await call<QuizReply>(platform.url, '/api/problems/v1/systems-design-quiz/finish', {
      json: {
        id: 'systemsexpert',
        answers: { 'sample-cache-aside': 1, 'sample-throughput': 0, 'sample-ttl': ' LIVE ' },
      },
      token,
    });
    expect(finished.status).toBe(200);
    expect(finished.body.quiz.score).toBe(66);
    expect(finished.body.quiz.questions).toEqual([
      expect.objectContaining({
        id: 'sample-cache-aside',
        answer: 1,
        isCorrect: true,
        explanation: expect.any(String),
      }),
      expect.objectContaining({ id: 'sample-throughput', answer: 1, isCorrect: false }),
      expect.objectContaining({ id: 'sample-ttl', answers: ['live', 'live (TTL)'], isCorrect: true }),
    ]);
    const unlocks = await call<{ quizScore: number; quizScoreRequired: number }>(
      platform.url,
      '/api/problems/v1/systemsexpert/unlocks/get',
      { json: {}, token, headers: { 'x-min-position': finished.body.position } },
    );
    expect(unlocks.body).toMatchObject({ quizScore: 66, quizScoreRequired: 80 });
    const listedAfter = (await systems('quiz/list', {}, token)).body as QuizReply['quiz'][];
    expect(listedAfter[0]).toMatchObject({ score: 66, finishedAt: expect.any(String) });
    expect(listedAfter[0].questions[1]).toMatchObject({ answer: 1, isCorrect: false });

    // A finished quiz is started again before it is answered anew; the best score stays.
    expect((await systems('quiz/answer', { id: 'systemsexpert', answers: {} }, token)).status).toBe(400);
    const restarted = await systems('quiz/start', { id: 'systemsexpert' }, token);
    expect(JSON.stringify(restarted.body)).not.toMatch(answerKeys);
    const best = await call<{ quizScore: number }>(
      platform.url,
      '/api/problems/v1/systemsexpert/unlocks/get',
      {
        json: {},
        token,
        headers: { 'x-min-position': (restarted.body as QuizReply).position },
      },
    );
    expect(best.body.quizScore).toBe(66);
    expect((await systems('quiz/start', { id: 'mlexpert' }, token)).status).toBe(404);
  });
});

describe('the systems-design certificate', () => {
  type Unlocks = {
    numQuestionsCompleted: number;
    numQuestionsRequired: number;
    quizScore: number;
    quizScoreRequired: number;
    hasUnlockedLatestCert: boolean;
  };
  const unlocks = async (token: string, position?: string) =>
    (
      await call<Unlocks>(platform.url, '/api/problems/v1/systemsexpert/unlocks/get', {
        json: {},
        token,
        headers: position ? { 'x-min-position': position } : {},
      })
    ).body;
  const generate = (token: string) =>
    call<{ url?: string; code?: string; message?: string }>(
      platform.url,
      '/api/problems/v1/certificates/generate_certificate',
      { json: { data: {}, type: 'systemsexpert' }, token },
    );

  it('asks for every design question marked completed and the quiz at 80 %, then issues it', async () => {
    const token = (await signInWithRoles(platform.url, ['systemsexpertv1'], 'systems-certificate')).token;
    // The design questions are the track's questions; neither they nor the quiz are done yet.
    expect(await unlocks(token)).toMatchObject({
      numQuestionsCompleted: 0,
      numQuestionsRequired: 2,
      quizScore: 0,
      quizScoreRequired: 80,
      hasUnlockedLatestCert: false,
    });
    const before = await platform.countEvents();
    const refused = await generate(token);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: {
        code: 'CERTIFICATE_NOT_EARNED',
        message:
          'To earn this certificate, complete every design question (0 of 2), score 80% or more on the quiz (best so far 0%).',
      },
    });
    expect(await platform.countEvents()).toBe(before);

    // Both design questions marked completed (as the workspace marks them), one of them twice.
    const marked = await systems(
      'user-data/set',
      { data: { completed: { 'design-questions': { 'sample-url-shortener': true, 'sample-chat': true } } } },
      token,
    );
    expect(marked.status).toBe(200);
    const markedPosition = (marked.body as { position: string }).position;
    expect(await unlocks(token, markedPosition)).toMatchObject({
      numQuestionsCompleted: 2,
      numQuestionsRequired: 2,
      hasUnlockedLatestCert: false,
    });
    expect((await generate(token)).body.message).toBe(
      'To earn this certificate, score 80% or more on the quiz (best so far 0%).',
    );

    // The quiz, every answer right.
    expect((await systems('quiz/start', { id: 'systemsexpert' }, token)).status).toBe(200);
    const finished = await systems(
      'quiz/finish',
      {
        id: 'systemsexpert',
        answers: { 'sample-cache-aside': 1, 'sample-throughput': 1, 'sample-ttl': 'live' },
      },
      token,
    );
    expect(finished.status).toBe(200);
    const finishedPosition = (finished.body as { position: string }).position;
    expect(await unlocks(token, finishedPosition)).toMatchObject({
      numQuestionsCompleted: 2,
      quizScore: 100,
      hasUnlockedLatestCert: true,
    });
    const issued = await generate(token);
    expect(issued.status).toBe(200);
    expect(issued.body.url).toMatch(/^\/api\/certificates\/v1\/[0-9a-f-]{36}\.pdf$/);

    // Un-marking a design question takes the flag away again (a certificate issued stays).
    const unmarked = await systems(
      'user-data/set',
      { data: { completed: { 'design-questions': { 'sample-chat': null } } } },
      token,
    );
    expect(await unlocks(token, (unmarked.body as { position: string }).position)).toMatchObject({
      numQuestionsCompleted: 1,
      hasUnlockedLatestCert: false,
    });
  }, 60_000);
});

describe('practice of one quiz question (submissions/mcq/create, submissions/fitb/create)', () => {
  type Practice = {
    correct: boolean;
    submission: { questionId: string; status: string; timestamp: string };
    question: { id: string; answer?: number; answers?: string[]; explanation: string; isCorrect: boolean };
    position: string;
    code?: string;
    message?: string;
  };
  const practise = (kind: 'mcq' | 'fitb', json: unknown, token?: string) =>
    call<Practice>(platform.url, `/api/problems/v1/systemsexpert/submissions/${kind}/create`, {
      json,
      token,
    });

  it('judges the answer on the server, reveals the question only in the reply, and records it apart from the quiz', async () => {
    const practitioner = await signInWithRoles(platform.url, ['systemsexpertv1'], 'practice');
    const wrong = await practise(
      'mcq',
      { questionId: 'sample-cache-aside', answers: ['0'] },
      practitioner.token,
    );
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({
      correct: false,
      submission: { questionId: 'sample-cache-aside', status: 'INCORRECT' },
      question: { id: 'sample-cache-aside', answer: 1, isCorrect: false, explanation: expect.any(String) },
    });
    const blank = await practise(
      'fitb',
      { questionId: 'sample-ttl', answers: [' LIVE '] },
      practitioner.token,
    );
    expect(blank.body).toMatchObject({ correct: true, submission: { status: 'CORRECT' } });
    const { rows } = await platform.pool.query<{ type: string; stream_id: string; data: unknown }>(
      `SELECT type, stream_id, data FROM es_events WHERE data ->> 'userId' = $1 AND stream_id NOT LIKE 'user-%'
        ORDER BY position`,
      [practitioner.userId],
    );
    expect(rows).toEqual([
      {
        type: 'ChoiceQuestionAnswered',
        stream_id: `practice-systemsexpert-${practitioner.userId}`,
        data: expect.objectContaining({ questionId: 'sample-cache-aside', answer: '0', correct: false }),
      },
      {
        type: 'ChoiceQuestionAnswered',
        stream_id: `practice-systemsexpert-${practitioner.userId}`,
        data: expect.objectContaining({
          questionId: 'sample-ttl',
          kind: 'fitb',
          answer: 'LIVE',
          correct: true,
        }),
      },
    ]);
  });

  it('refuses non-owners (403), unknown questions (404), the other kind of call, no answer and a choice not offered (400)', async () => {
    const before = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'ChoiceQuestionAnswered'`,
    );
    const cases: [() => ReturnType<typeof practise>, number, string][] = [
      [
        () => practise('mcq', { questionId: 'sample-cache-aside', answers: ['1'] }, learner.token),
        403,
        'PRODUCT_NOT_OWNED',
      ],
      [
        () => practise('mcq', { questionId: 'no-such', answers: ['1'] }, systemsOwner.token),
        404,
        'NOT_FOUND',
      ],
      [
        () => practise('fitb', { questionId: 'sample-cache-aside', answers: ['1'] }, systemsOwner.token),
        400,
        'VALIDATION_FAILED',
      ],
      [
        () => practise('mcq', { questionId: 'sample-cache-aside', answers: [] }, systemsOwner.token),
        400,
        'VALIDATION_FAILED',
      ],
      [
        () => practise('mcq', { questionId: 'sample-cache-aside', answers: ['9'] }, systemsOwner.token),
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [send, status, code] of cases) {
      const { status: got, body } = await send();
      expect([got, body.code, typeof body.message]).toEqual([status, code, 'string']);
    }
    const after = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'ChoiceQuestionAnswered'`,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
