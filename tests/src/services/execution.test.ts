import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type RunResponse, executionStatusOf } from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * The code-execution API through the gateway, judging real code in the real sandbox: runs, quick
 * tests, submissions as events (idempotent under a double click), the submissions read model.
 */

const QUESTION = 'pair-with-sum';
const solution = (language: string) =>
  readFileSync(
    path.resolve(
      __dirname,
      `../../../command-service/src/execution/questions/${QUESTION}/solutions/${language}`,
    ),
    'utf8',
  );
const base = '/api/problems/v1/algoexpert';

const content = fixtureContent([QUESTION]);
let platform: Platform;
let owner: SignedInUser;
beforeAll(async () => {
  // A short compile limit, so the compile-time trap below is stopped quickly.
  platform = await startPlatform({
    env: { RUN_COMPILE_TIME_LIMIT_MS: '8000', PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir },
  });
  owner = await signInWithRoles(platform.url, ['premiumv1'], 'coder');
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

type RunAnswer = RunResponse & { position: string; submission?: { questionId: string; status: string } };
const post = (route: string, json: unknown, headers: Record<string, string> = {}, token = owner.token) =>
  call<RunAnswer>(platform.url, `${base}/${route}`, { json, token, headers });

describe('languages', () => {
  it('lists the nine languages and says which can run here', async () => {
    const answer = await call<{ languages: { language: string; available: boolean; reason?: string }[] }>(
      platform.url,
      '/api/problems/v1/languages',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.languages.map((l) => l.language)).toEqual([
      'csharp',
      'cpp',
      'go',
      'java',
      'javascript',
      'kotlin',
      'python',
      'swift',
      'typescript',
    ]);
    const byName = new Map(answer.body.languages.map((l) => [l.language, l]));
    expect(byName.get('javascript')?.available).toBe(true);
    expect(byName.get('python')?.available).toBe(true);
    expect(byName.get('swift')).toMatchObject({ available: false, reason: expect.any(String) });
  });

  it('answers a run in an unavailable language with a clear 400', async () => {
    const answer = await post('run-sandbox', { questionId: QUESTION, language: 'swift', code: '' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'LANGUAGE_UNAVAILABLE' });
  });
});

describe('runs', () => {
  it('runs the reference solution against the visible tests: every test matches', async () => {
    const answer = await post('run-sandbox', {
      questionId: QUESTION,
      language: 'javascript',
      code: solution('javascript'),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.TestResults.length).toBeGreaterThan(0);
    expect(answer.body.TestResults.every((t) => t.Matches && !t.hideOutput)).toBe(true);
    expect(executionStatusOf(answer.body, 'sandbox')).toBe('sandboxPassed');
  });

  it("shows the learner's prints per test and a failing test's expected and actual", async () => {
    const code = `function pairWithSum(numbers, target) { console.log('looking at', numbers.length); return [0, 0]; }
exports.pairWithSum = pairWithSum;`;
    const answer = await post('run-sandbox', { questionId: QUESTION, language: 'javascript', code });
    expect(answer.body.TestResults[0]).toMatchObject({
      Matches: false,
      Expected: '[7,-2]',
      Actual: '[0,0]',
      outputToDisplay: expect.stringContaining('looking at 5'),
    });
    expect(executionStatusOf(answer.body, 'sandbox')).toBe('sandboxFailed');
  });

  it("reports a compile error with the learner's line", async () => {
    const answer = await post('run-sandbox', {
      questionId: QUESTION,
      language: 'java',
      code: 'class Program {\n  public int[] pairWithSum(int[] numbers, int target) {\n    return nope;\n  }\n}\n',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.HasError).toBe(true);
    expect(answer.body.RawOutput).toMatch(/Program\.java:3/);
    expect(executionStatusOf(answer.body, 'sandbox')).toBe('compilationError');
  });

  it('stops a compile that never ends and answers RCE_TIMEOUT, appending nothing', async () => {
    // 200 constant evaluations of a million steps each, every one under g++'s own limits: minutes of work.
    const code = [
      '#include <vector>',
      'using namespace std;',
      '',
      'template <int K> constexpr long spin() {',
      '  long x = 0;',
      '  for (long i = 0; i < 1000; i++)',
      '    for (long j = 0; j < 1000; j++) x += i ^ j ^ K;',
      '  return x;',
      '}',
      'template <int K> struct Spin {',
      '  static_assert(spin<K>() != 1, "spun");',
      '  static constexpr int n = Spin<K - 1>::n + 1;',
      '};',
      'template <> struct Spin<0> { static constexpr int n = 0; };',
      'static_assert(Spin<200>::n == 200, "done");',
      '',
      'vector<int> pairWithSum(vector<int> numbers, int target) { return {}; }',
      '',
    ].join('\n');
    const before = await platform.pool.query<{ n: string }>('select count(*) as n from es_events');
    const answer = await post(
      'submissions/create',
      { questionId: QUESTION, language: 'cpp', code },
      { 'idempotency-key': randomUUID() },
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'RCE_TIMEOUT', message: expect.stringContaining('8 seconds') });
    const after = await platform.pool.query<{ n: string }>('select count(*) as n from es_events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  }, 60_000);

  it('stops an infinite loop and answers out of resources, the service staying healthy', async () => {
    const code = 'function pairWithSum() { for (;;) {} }\nexports.pairWithSum = pairWithSum;';
    const answer = await post('run-sandbox', { questionId: QUESTION, language: 'javascript', code });
    expect(answer.status).toBe(200);
    expect(answer.body.OutOfResources).toBe(true);
    expect(executionStatusOf(answer.body, 'sandbox')).toBe('outOfResources');
    const healthy = await post('run-sandbox', {
      questionId: QUESTION,
      language: 'python',
      code: solution('python'),
    });
    expect(healthy.body.TestResults.every((t) => t.Matches)).toBe(true);
  });

  it("runs the learner's own JSON tests, refusing ones that do not fit the signature", async () => {
    const ok = await post('run_json_tests', {
      questionId: QUESTION,
      language: 'python',
      code: solution('python'),
      tests: [{ input: { numbers: [1, 4], target: 5 }, output: [4, 1] }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.TestResults).toHaveLength(1);
    expect(ok.body.TestResults[0].Matches).toBe(true);
    const bad = await post('run_json_tests', {
      questionId: QUESTION,
      language: 'python',
      code: solution('python'),
      tests: [{ input: { numbers: 'not an array', target: 5 }, output: [] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'RCE_INPUTS_INVALID' });
  });

  it('quick test: compares with the reference solution on the same input; bad JSON and huge input are refused', async () => {
    const pass = await post('run_custom_input', {
      questionId: QUESTION,
      language: 'javascript',
      code: solution('javascript'),
      input: JSON.stringify({ numbers: [3, 8, 1], target: 9 }),
    });
    expect(pass.status).toBe(200);
    expect(executionStatusOf(pass.body, 'singleTest')).toBe('singleTestPassed');
    const badJson = await post('run_custom_input', {
      questionId: QUESTION,
      language: 'javascript',
      code: solution('javascript'),
      input: '{numbers:',
    });
    expect(badJson.status).toBe(400);
    expect(JSON.stringify(badJson.body)).toContain('Invalid Quick Test Input');
    const huge = await post('run_custom_input', {
      questionId: QUESTION,
      language: 'javascript',
      code: solution('javascript'),
      input: JSON.stringify({ numbers: Array.from({ length: 12_000 }, (_, i) => i), target: 1 }),
    });
    expect(huge.status).toBe(400);
    expect(huge.body).toMatchObject({ code: 'OUTPUT_TOO_BIG' });
  });

  it('answers an unknown question with 404 and a stale question version with PROBLEMS_VERSION_MISMATCH', async () => {
    expect((await post('run-sandbox', { questionId: 'nope', language: 'python', code: '' })).status).toBe(
      404,
    );
    const stale = await post('run-sandbox', {
      questionId: QUESTION,
      language: 'python',
      code: '',
      questionVersion: 0,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'PROBLEMS_VERSION_MISMATCH' });
  });

  it('judges against the version published last: a page holding the previous one is told to reload', async () => {
    const run = (questionVersion: number) =>
      post('run-sandbox', {
        questionId: QUESTION,
        language: 'python',
        code: solution('python'),
        questionVersion,
      });
    expect((await run(1)).status).toBe(200);
    const file = path.join(content.dir, 'algorithms', 'questions', QUESTION, 'question.json');
    const question = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...question, prompt: `${question.prompt} (Reworded.)` }));
    const published = await call<{ published: number }>(platform.url, '/api/staff/v1/content/publish', {
      json: {},
      token: STAFF_TOKEN,
    });
    expect(published.body.published).toBe(1);
    const old = await run(1);
    expect({ status: old.status, code: (old.body as unknown as { code: string }).code }).toEqual({
      status: 409,
      code: 'PROBLEMS_VERSION_MISMATCH',
    });
    const current = await run(2);
    expect(current.status).toBe(200);
    expect(executionStatusOf(current.body, 'sandbox')).toBe('sandboxPassed');
    // By name too (any case), as the workspace's url may carry it.
    const byName = await post('run-sandbox', {
      questionId: 'PAIR WITH SUM',
      language: 'python',
      code: solution('python'),
    });
    expect(byName.status).toBe(200);
  });

  it("records a learner's first run once: runs at once and runs after it append nothing more", async () => {
    const learner = await signInWithRoles(platform.url, ['premiumv1'], 'first-runner');
    const run = (code: string) =>
      post('run-sandbox', { questionId: QUESTION, language: 'javascript', code }, {}, learner.token);
    const answers = await Promise.all([run(solution('javascript')), run('exports.pairWithSum = () => [];')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await run(solution('javascript'))).status).toBe(200);
    const { rows } = await platform.pool.query<{ stream_id: string; data: unknown; actor: unknown }>(
      `SELECT stream_id, data, metadata -> 'actor' AS actor FROM es_events
        WHERE type = 'FirstCodeRunRecorded' AND data ->> 'userId' = $1`,
      [learner.userId],
    );
    expect(rows).toEqual([
      {
        stream_id: `first-run-${learner.userId}`,
        data: { userId: learner.userId, product: 'algoexpert', questionId: QUESTION, language: 'javascript' },
        actor: { kind: 'user', id: learner.userId },
      },
    ]);
  });
});

describe('submissions', () => {
  const submissionEvents = async (userId: string) =>
    (
      await platform.pool.query<{ event_id: string; data: Record<string, unknown> }>(
        `SELECT event_id, data FROM es_events WHERE stream_id = $1 AND type = 'CodeSubmitted' ORDER BY revision`,
        [`submissions-${userId}`],
      )
    ).rows;

  it("a submission's hidden tests stay hidden from code that reads and prints its inputs", async () => {
    const code = `const fs = require('fs');
function pairWithSum(numbers, target) {
  const inputs = fs.readFileSync('inputs.json', 'utf8');
  console.log(inputs);
  console.error(inputs);
  throw new Error(inputs);
}
exports.pairWithSum = pairWithSum;`;
    const answer = await post(
      'submissions/create',
      { questionId: QUESTION, language: 'javascript', code },
      { 'idempotency-key': randomUUID() },
    );
    expect(answer.status).toBe(200);
    const visible = answer.body.TestResults.filter((t) => !t.hideOutput);
    const hidden = answer.body.TestResults.filter((t) => t.hideOutput);
    expect(hidden).toHaveLength(3);
    // The code did read its inputs file and print it: the visible tests show what it held.
    expect(visible[0].outputToDisplay).toContain('"nonce"');
    for (const test of hidden) {
      expect(test).toMatchObject({ Matches: false, Expected: '', Actual: '', outputToDisplay: '' });
      expect(test.Error).toEqual({
        type: 'RUNTIME',
        reason: 'The code failed with an error on this hidden test.',
      });
    }
    // A hidden test's input (pair-with-sum's second hidden test) is nowhere in the answer.
    expect(JSON.stringify(answer.body)).not.toContain('5,17,12,9,1,33,20');
  });

  it('a correct submission is one CodeSubmitted event, CORRECT, and shows in submissions/list', async () => {
    const user = await signInWithRoles(platform.url, ['premiumv1'], 'submitter');
    const submissionId = randomUUID();
    const answer = await post(
      'submissions/create',
      { questionId: QUESTION, language: 'python', code: solution('python') },
      { 'idempotency-key': submissionId },
      user.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.submission).toMatchObject({ questionId: QUESTION, status: 'CORRECT' });
    // Hidden tests ran too, without showing their data.
    expect(answer.body.TestResults.some((t) => t.hideOutput && t.Expected === '' && t.Matches)).toBe(true);
    const events = await submissionEvents(user.userId);
    expect(events).toEqual([
      {
        event_id: submissionId,
        data: expect.objectContaining({
          questionId: QUESTION,
          language: 'python',
          status: 'CORRECT',
          testsPassed: 10,
          testsTotal: 10,
          codeSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        }),
      },
    ]);
    const list = await call<{ submissions: unknown[] }>(platform.url, '/api/problems/v1/submissions/list', {
      json: { product: 'algoexpert' },
      token: user.token,
      headers: { 'x-min-position': answer.body.position },
    });
    expect(list.body.submissions).toEqual([
      { questionId: QUESTION, status: 'CORRECT', timestamp: expect.any(String) },
    ]);

    const reset = await call<{ position: string }>(platform.url, '/api/problems/v1/submissions/deleteAll', {
      json: { product: 'algoexpert' },
      token: user.token,
    });
    const after = await call<{ submissions: unknown[] }>(platform.url, '/api/problems/v1/submissions/list', {
      json: { product: 'algoexpert' },
      token: user.token,
      headers: { 'x-min-position': reset.body.position },
    });
    expect(after.body.submissions).toEqual([]);
  });

  it('the starter code is INCORRECT', async () => {
    const starter = `function pairWithSum(numbers, target) {\n  // Write your code here.\n}\nexports.pairWithSum = pairWithSum;`;
    const answer = await post('submissions/create', {
      questionId: QUESTION,
      language: 'javascript',
      code: starter,
    });
    expect(answer.body.submission?.status).toBe('INCORRECT');
  });

  it('a double click (the same submission id twice at once) runs and counts once', async () => {
    const user = await signInWithRoles(platform.url, ['premiumv1'], 'double');
    const submissionId = randomUUID();
    const send = () =>
      post(
        'submissions/create',
        { questionId: QUESTION, language: 'javascript', code: solution('javascript') },
        { 'idempotency-key': submissionId },
        user.token,
      );
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.submission).toEqual(first.body.submission);
    const retry = await send();
    expect(retry.body.submission).toEqual(first.body.submission);
    expect(await submissionEvents(user.userId)).toHaveLength(1);
  });
});

describe('limits', () => {
  it('answers RCE_RATE_LIMITED when a learner runs code too often', async () => {
    const limited = await startPlatform({
      env: { RUNS_PER_MINUTE_PER_USER: '2', PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir },
    });
    try {
      const user = await signInWithRoles(limited.url, ['premiumv1'], 'eager');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await call<{ code?: string; message?: string }>(limited.url, `${base}/run-sandbox`, {
          json: { questionId: QUESTION, language: 'python', code: solution('python') },
          token: user.token,
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body.code).toBe('RCE_RATE_LIMITED');
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
