import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { type Platform, call, startPlatform } from './platform-harness';

/*
 * The blockchain track's Solidity judge over HTTP (issue 25): one question and one project of the
 * repository's content published at start, listed by the catalogue and projects/list, and submitted
 * through submissions/coding-question/sandbox/create: compiled by solc and run in the EVM inside the
 * sandbox, the outcome recorded as a submission. Free items open to every signed-in learner, the rest to
 * owners.
 */
const repoContent = path.resolve(__dirname, '..', '..', '..', 'content', 'blockchain');
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solidity-content-'));
for (const [kind, slug] of [
  ['questions', 'owned-counter'],
  ['questions', 'token-allowances'],
  ['projects', 'crowdfunding-campaign'],
])
  fs.cpSync(path.join(repoContent, kind, slug), path.join(contentDir, 'blockchain', kind, slug), {
    recursive: true,
  });
// One lesson with its practice questions and its course's assessment: the reveal case.
const course = path.join(contentDir, 'blockchain', 'solidity-fundamentals');
fs.cpSync(
  path.join(repoContent, 'solidity-fundamentals', 'functions-and-visibility'),
  path.join(course, 'functions-and-visibility'),
  { recursive: true },
);
fs.cpSync(
  path.join(repoContent, 'solidity-fundamentals', 'assessment.json'),
  path.join(course, 'assessment.json'),
);
const read = (kind: string, slug: string, file: string) =>
  fs.readFileSync(path.join(repoContent, kind, slug, file), 'utf8');

let platform: Platform;
let owner: SignedInUser;
let learner: SignedInUser;

const blockchain = <T>(callPath: string, json: unknown, token?: string) =>
  call<T>(platform.url, `/api/problems/v1/blockchainexpert/${callPath}`, { json, token });

type Answer = {
  HasError: boolean;
  RawOutput: string;
  TestResults: { Matches: boolean; hideOutput: boolean }[];
  submission: { questionId: string; status: string };
  scenarios: { name: string | null; passed: boolean; reason: string | null; milestone?: number }[];
  milestones?: { index: number; title: string; passed: boolean; testsPassed: number; testsTotal: number }[];
};

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: contentDir } });
  owner = await signInWithRoles(platform.url, ['blockchainexpertv1'], 'solidity-owner');
  learner = await signInWithRoles(platform.url, [], 'solidity-learner');
}, 120_000);

afterAll(async () => {
  await platform?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

describe('Solidity questions', () => {
  it('are listed with the coding questions of blockchain, free ones open to everyone', async () => {
    const list = await blockchain<{
      questions: { id: string; category: string; acl: { isAvailable: boolean } }[];
    }>('coding-questions/list', {}, learner.token);
    expect(list.status).toBe(200);
    expect(list.body.questions.map((q) => [q.id, q.category, q.acl.isAvailable])).toEqual([
      ['owned-counter', 'Access Control', true],
      ['token-allowances', 'Tokens', false],
    ]);
    const detail = await blockchain<Record<string, unknown>>('coding-questions/get', {
      name: 'owned-counter',
    });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      judge: 'solidity',
      contractName: 'Counter',
      starterCode: { solidity: read('questions', 'owned-counter', 'starter.sol') },
    });
    expect(detail.body.tests).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.any(String) })]),
    );
    expect(JSON.stringify(detail.body.tests)).not.toContain('hidden: the owner can hand over ownership');
  });

  it('judges the reference CORRECT, hidden scenarios answered without their names', async () => {
    const answer = await blockchain<Answer>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'owned-counter', code: read('questions', 'owned-counter', 'solution.sol') },
      learner.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.submission).toMatchObject({ questionId: 'owned-counter', status: 'CORRECT' });
    expect(answer.body.scenarios.every((s) => s.passed)).toBe(true);
    expect(answer.body.scenarios.some((s) => s.name === null)).toBe(true);
    expect(answer.body.TestResults.every((t) => t.Matches)).toBe(true);
  }, 60_000);

  it('judges the starter: it compiles, the scenarios fail with their reasons, recorded as not correct', async () => {
    const answer = await blockchain<Answer>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'owned-counter', code: read('questions', 'owned-counter', 'starter.sol') },
      learner.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.HasError).toBe(false);
    expect(answer.body.submission.status).not.toBe('CORRECT');
    const failed = answer.body.scenarios.filter((s) => !s.passed);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.find((s) => s.name !== null)?.reason).toEqual(expect.any(String));
  }, 60_000);

  it("answers a compile error with solc's message and records nothing passed", async () => {
    const answer = await blockchain<Answer>(
      'submissions/coding-question/sandbox/create',
      {
        questionId: 'owned-counter',
        code: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Counter { uint x = ; }',
      },
      learner.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ HasError: true, TestResults: [], scenarios: [] });
    expect(answer.body.RawOutput).toContain('Solution.sol');
    expect(answer.body.submission.status).toBe('INCORRECT');
  }, 60_000);

  it('locks the questions that are not free from non-owners (403), answers 404 for none, 400 for bad input', async () => {
    const code = read('questions', 'token-allowances', 'solution.sol');
    const locked = await blockchain<{ code: string }>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'token-allowances', code },
      learner.token,
    );
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('PRODUCT_NOT_OWNED');
    const missing = await blockchain<{ code: string }>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'no-such-question', code },
      owner.token,
    );
    expect(missing.status).toBe(404);
    const bad = await blockchain<{ code: string }>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'owned-counter', code: 'x'.repeat(100_001) },
      owner.token,
    );
    expect(bad.status).toBe(400);
    const stale = await blockchain<{ code: string }>(
      'submissions/coding-question/sandbox/create',
      { questionId: 'owned-counter', code, questionVersion: 99 },
      owner.token,
    );
    expect(stale.body.code).toBe('PROBLEMS_VERSION_MISMATCH');
  }, 60_000);

  it("keeps the learner's latest submission per question", async () => {
    const list = await call<{ submissions: { questionId: string; status: string }[] }>(
      platform.url,
      '/api/problems/v1/submissions/list',
      { json: { product: 'blockchainexpert' }, token: learner.token },
    );
    expect(list.status).toBe(200);
    expect(list.body.submissions.filter((s) => s.questionId === 'owned-counter')).toEqual([
      expect.objectContaining({ status: 'INCORRECT' }),
    ]);
  });
});

describe('Solidity projects', () => {
  it('projects/list answers each project with its milestones; get answers the brief and visible tests', async () => {
    const list = await blockchain<{
      items: { id: string; isFree: boolean; milestones: { title: string }[] }[];
    }>('projects/list', {});
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: 'crowdfunding-campaign', isFree: true, milestones: expect.any(Array) }),
    ]);
    expect(list.body.items[0].milestones.length).toBeGreaterThanOrEqual(2);
    const project = await blockchain<{ brief: string; milestones: { tests: unknown[]; body: string }[] }>(
      'projects/get',
      { projectId: 'crowdfunding-campaign' },
    );
    expect(project.status).toBe(200);
    expect(project.body.brief.length).toBeGreaterThan(300);
    expect((await blockchain('projects/get', { projectId: 'nothing-here' })).status).toBe(404);
  });

  it('judges the reference: every milestone passes; the starter passes none of them', async () => {
    const solved = await blockchain<Answer>(
      'submissions/coding-question/sandbox/create',
      {
        questionId: 'crowdfunding-campaign',
        kind: 'project',
        code: read('projects', 'crowdfunding-campaign', 'solution.sol'),
      },
      learner.token,
    );
    expect(solved.status).toBe(200);
    expect(solved.body.submission.status).toBe('CORRECT');
    expect(solved.body.milestones?.every((m) => m.passed && m.testsPassed === m.testsTotal)).toBe(true);
    const started = await blockchain<Answer>(
      'submissions/coding-question/sandbox/create',
      {
        questionId: 'crowdfunding-campaign',
        kind: 'project',
        code: read('projects', 'crowdfunding-campaign', 'starter.sol'),
      },
      learner.token,
    );
    expect(started.status).toBe(200);
    expect(started.body.submission.status).not.toBe('CORRECT');
    expect(started.body.milestones?.some((m) => !m.passed)).toBe(true);
  }, 90_000);
});

describe('revealing a practice solution (practice-questions/reveal)', () => {
  type Revealed = {
    question: { id: string; kind: string; answer?: number; answers?: string[]; explanation: string };
    code?: string;
  };
  const revealedEvents = async (userId: string) =>
    (
      await platform.pool.query<{ stream_id: string; data: unknown }>(
        `SELECT stream_id, data FROM es_events WHERE type = 'PracticeSolutionRevealed' AND data ->> 'userId' = $1`,
        [userId],
      )
    ).rows;

  it("answers a lesson practice question's answer once asked, records the first reveal only, and still counts a right answer given later", async () => {
    const revealer = await signInWithRoles(platform.url, ['blockchainexpertv1'], 'solidity-revealer');
    const first = await blockchain<Revealed>(
      'practice-questions/reveal',
      { questionId: 'private-not-secret' },
      revealer.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.question).toMatchObject({
      id: 'private-not-secret',
      kind: 'mcq',
      answer: 2,
      explanation: expect.stringContaining('anyone can read the slot'),
    });
    const again = await blockchain<Revealed>(
      'practice-questions/reveal',
      { questionId: 'private-not-secret' },
      revealer.token,
    );
    expect(again.status).toBe(200);
    expect(again.body.question.answer).toBe(2);
    expect(await revealedEvents(revealer.userId)).toEqual([
      {
        stream_id: `practice-blockchainexpert-${revealer.userId}`,
        data: { userId: revealer.userId, product: 'blockchainexpert', questionId: 'private-not-secret' },
      },
    ]);

    const answered = await blockchain<{ correct: boolean; position: string }>(
      'submissions/mcq/create',
      { questionId: 'private-not-secret', answers: ['2'] },
      revealer.token,
    );
    expect(answered.body.correct).toBe(true);
    const unlocks = await call<{
      numPracticeQuestionsCompleted: number;
      numPracticeQuestionsRequired: number;
    }>(platform.url, '/api/problems/v1/blockchainexpert/unlocks/get', {
      json: {},
      token: revealer.token,
      headers: { 'x-min-position': answered.body.position },
    });
    expect(unlocks.body).toMatchObject({ numPracticeQuestionsCompleted: 1, numPracticeQuestionsRequired: 3 });
  });

  it('refuses non-owners (403), course assessment questions and unknown ids (404), and a missing id (400), recording nothing', async () => {
    const before = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'PracticeSolutionRevealed'`,
    );
    const cases: [unknown, string | undefined, number, string][] = [
      [{ questionId: 'private-not-secret' }, learner.token, 403, 'PRODUCT_NOT_OWNED'],
      [{ questionId: 'private-not-secret' }, undefined, 401, 'UNAUTHENTICATED'],
      [{ questionId: 'storage-vs-memory-alias' }, owner.token, 404, 'NOT_FOUND'],
      [{ questionId: 'no-such-question' }, owner.token, 404, 'NOT_FOUND'],
      [{}, owner.token, 400, 'VALIDATION_FAILED'],
    ];
    for (const [json, token, status, code] of cases) {
      const answer = await blockchain<{ code?: string; message?: string }>(
        'practice-questions/reveal',
        json,
        token,
      );
      expect([answer.status, answer.body.code, typeof answer.body.message]).toEqual([status, code, 'string']);
    }
    const after = await platform.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events WHERE type = 'PracticeSolutionRevealed'`,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('catalogue/summary', () => {
  it("counts what the product's catalogue holds, for anyone; a product with nothing published answers zeros", async () => {
    const summary = await call<Record<string, unknown>>(
      platform.url,
      '/api/problems/v1/blockchainexpert/catalogue/summary',
      { method: 'GET' },
    );
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      lessonsByCourse: { 'solidity-fundamentals': 1 },
      lessons: 1,
      codingQuestions: 2,
      designQuestions: 0,
      quizQuestions: 0,
      practiceQuestions: 3,
      assessmentQuestions: 8,
      projects: 1,
    });
    const empty = await call<Record<string, unknown>>(
      platform.url,
      '/api/problems/v1/iosexpert/catalogue/summary',
      { method: 'GET' },
    );
    expect(empty.body).toMatchObject({ lessonsByCourse: {}, lessons: 0, codingQuestions: 0, projects: 0 });
  });
});
