import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_ANONYMOUS_TOKEN } from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInFake, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * Who may run and submit code, per question: a free question (free in its latest published version)
 * for every signed-in user, a locked one for owners of the product (and staff) only. Anonymous callers
 * are refused by the access rule; a non-owner on a locked question gets the owner rule's 403 and
 * nothing is appended.
 */

const FREE = 'mirror-tree';
const LOCKED = 'pair-with-sum';
const base = '/api/problems/v1/algoexpert';
const solution = (slug: string) =>
  readFileSync(
    path.resolve(__dirname, `../../../command-service/src/execution/questions/${slug}/solutions/javascript`),
    'utf8',
  );

const content = fixtureContent([FREE, LOCKED], { free: [FREE] });
let platform: Platform;
let learner: SignedInUser;
let owner: SignedInUser;
let staff: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
  [learner, owner, staff] = await Promise.all([
    signInFake(platform.url),
    signInWithRoles(platform.url, ['premiumv1'], 'owner'),
    signInWithRoles(platform.url, ['staff'], 'staff'),
  ]);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

const LOCKED_REFUSAL = {
  code: 'PRODUCT_NOT_OWNED',
  message: 'This needs algoexpert; buy it or use a licence key to unlock it.',
};
const SIGN_IN = { code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' };

/** The four calls that judge code, each with a body that runs the question's reference solution. */
function requests(slug: string) {
  const code = solution(slug);
  const visible = JSON.parse(
    readFileSync(
      path.resolve(__dirname, `../../../command-service/src/execution/questions/${slug}/question.json`),
      'utf8',
    ),
  ) as { tests: { input: Record<string, unknown>; output: unknown; hidden?: boolean }[] };
  const firstTest = visible.tests.find((t) => !t.hidden)!;
  const run = { questionId: slug, language: 'javascript', code };
  return [
    { route: 'run-sandbox', json: run },
    {
      route: 'run_json_tests',
      json: { ...run, tests: [{ input: firstTest.input, output: firstTest.output }] },
    },
    { route: 'run_custom_input', json: { ...run, input: JSON.stringify(firstTest.input) } },
    { route: 'submissions/create', json: run },
  ];
}

type Judged = { TestResults: { Matches: boolean }[]; submission?: { questionId: string; status: string } };

const callers = () =>
  [
    ['a signed-in learner who owns nothing', learner.token],
    ['an owner of algoexpert', owner.token],
    ['staff', staff.token],
  ] as const;

describe.each([
  ['the free question', FREE],
  ['the locked question', LOCKED],
])('%s', (_name, slug) => {
  it.each(requests(slug).map((r) => [r.route, r] as const))(
    '%s: anonymous callers are refused with 401 and nothing is appended',
    async (_route, { route, json }) => {
      for (const token of [undefined, DEFAULT_ANONYMOUS_TOKEN]) {
        const before = await platform.countEvents();
        const answer = await call(platform.url, `${base}/${route}`, { json, token });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(SIGN_IN);
        expect(await platform.countEvents()).toBe(before);
      }
    },
  );

  it.each(requests(slug).map((r) => [r.route, r] as const))(
    '%s: the operator token is no user and is refused with 403 FORBIDDEN',
    async (_route, { route, json }) => {
      const before = await platform.countEvents();
      const answer = await call(platform.url, `${base}/${route}`, { json, token: STAFF_TOKEN });
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ code: 'FORBIDDEN' });
      expect(await platform.countEvents()).toBe(before);
    },
  );
});

describe('signed-in callers', () => {
  it.each(requests(FREE).map((r) => [r.route, r] as const))(
    'the free question, %s: every signed-in caller is judged',
    async (_route, { route, json }) => {
      for (const [, token] of callers()) {
        const answer = await call<Judged>(platform.url, `${base}/${route}`, { json, token });
        expect(answer.status).toBe(200);
        expect(answer.body.TestResults.length).toBeGreaterThan(0);
        expect(answer.body.TestResults.every((t) => t.Matches)).toBe(true);
        if (route === 'submissions/create') {
          expect(answer.body.submission).toMatchObject({ questionId: FREE, status: 'CORRECT' });
        }
      }
    },
  );

  it.each(requests(LOCKED).map((r) => [r.route, r] as const))(
    'the locked question, %s: a non-owner gets 403 PRODUCT_NOT_OWNED and nothing is appended; owner and staff are judged',
    async (_route, { route, json }) => {
      const before = await platform.countEvents();
      const refused = await call(platform.url, `${base}/${route}`, { json, token: learner.token });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(LOCKED_REFUSAL);
      expect(await platform.countEvents()).toBe(before);
      for (const token of [owner.token, staff.token]) {
        const answer = await call<Judged>(platform.url, `${base}/${route}`, { json, token });
        expect(answer.status).toBe(200);
        expect(answer.body.TestResults.every((t) => t.Matches)).toBe(true);
      }
    },
  );

  it("a non-owner's submission of the free question is recorded and listed as theirs", async () => {
    const fresh = await signInFake(platform.url);
    const before = await platform.countEvents();
    const answer = await call<Judged & { position: string }>(platform.url, `${base}/submissions/create`, {
      json: { questionId: FREE, language: 'javascript', code: solution(FREE) },
      token: fresh.token,
    });
    expect(answer.status).toBe(200);
    expect(await platform.countEvents()).toBe(before + 1);
    const listed = await call<{ submissions: { questionId: string; status: string }[] }>(
      platform.url,
      '/api/problems/v1/submissions/list',
      {
        json: { product: 'algoexpert' },
        token: fresh.token,
        headers: { 'x-min-position': answer.body.position },
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.submissions).toEqual([
      expect.objectContaining({ questionId: FREE, status: 'CORRECT' }),
    ]);
  });

  it('a non-owner asking for a question that does not exist gets the same 403 (no 404 hint)', async () => {
    const answer = await call(platform.url, `${base}/run-sandbox`, {
      json: { questionId: 'no-such-question', language: 'javascript', code: 'x' },
      token: learner.token,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(LOCKED_REFUSAL);
    const asOwner = await call(platform.url, `${base}/run-sandbox`, {
      json: { questionId: 'no-such-question', language: 'javascript', code: 'x' },
      token: owner.token,
    });
    expect(asOwner.status).toBe(404);
  });
});
