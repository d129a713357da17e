import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projections } from '@app/projection-service';
import { type SignedInUser, signInWithRoles } from './identity-support';
import {
  type Platform,
  STAFF_TOKEN,
  call,
  rebuildProjection,
  startPlatform,
  tableRows,
} from './platform-harness';

/*
 * The algorithms content published as events and served from the catalogue projection (issue 7): the
 * command-service publishes the content folder when it starts, every question and lesson once; the
 * calls of spec 7 answer from the read model with availability per caller; a changed file publishes
 * its next version (and only it), bad content publishes nothing, and a rebuild gives the same rows.
 */
const repoContent = path.resolve(__dirname, '..', '..', '..', 'content');
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-content-'));
fs.cpSync(repoContent, contentDir, { recursive: true });
const questionFolders = fs.readdirSync(path.join(contentDir, 'algorithms', 'questions'));
const questionFile = (slug: string) =>
  path.join(contentDir, 'algorithms', 'questions', slug, 'question.json');
const readQuestion = (slug: string) => JSON.parse(fs.readFileSync(questionFile(slug), 'utf8'));
const freeSlugs = questionFolders.filter((slug) => readQuestion(slug).free === true);

let platform: Platform;
let owner: SignedInUser;
let learner: SignedInUser;

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: contentDir } });
  owner = await signInWithRoles(platform.url, ['premiumv1'], 'catalogue-owner');
  learner = await signInWithRoles(platform.url, [], 'catalogue-learner');
  // The content was published as the command-service started: wait until the catalogue shows it.
  const { rows } = await platform.pool.query<{ p: string }>(
    `SELECT transaction_id::text || '.' || position AS p FROM es_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
  );
  expect((await list(undefined, { 'x-min-position': rows[0].p })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await platform?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

type Summary = {
  id: string;
  uid: string;
  name: string;
  category: string;
  difficulty: number;
  metadata: { number: number; version: number };
  acl: { isAvailable: boolean };
};
type Detail = Summary & {
  prompt: string;
  version: number;
  hints: { title: string; content: string }[];
  tests: unknown[];
  testsCount: number;
  hiddenTestsCount: number;
  starterCode: Record<string, string>;
  solutions: Record<string, string>;
  complexity: { time: string; space: string };
  walkthrough: string;
};
type Lessons = { items: { id: string; title: string; body: string | null; acl: { isAvailable: boolean } }[] };

const list = (token?: string, headers?: Record<string, string>) =>
  call<{ questions: Summary[] }>(platform.url, '/api/problems/v1/algoexpert/coding-questions/list', {
    json: {},
    token,
    headers,
  });
const get = (request: { name?: string; uid?: string }, token?: string, headers?: Record<string, string>) =>
  call<Detail>(platform.url, '/api/problems/v1/algoexpert/coding-questions/get', {
    json: request,
    token,
    headers,
  });
const publish = (token = STAFF_TOKEN) =>
  call<{
    published: number;
    position: string | null;
    items: { id: string; version: number; outcome: string }[];
  }>(platform.url, '/api/staff/v1/content/publish', { json: {}, token });

describe('the catalogue published at start', () => {
  it('lists every question once, numbered in publication order, available only when free for non-owners', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    const questions = answer.body.questions;
    expect(questions.map((q) => q.id).sort()).toEqual([...questionFolders].sort());
    expect(questions.map((q) => q.metadata.number)).toEqual(questions.map((_, i) => i + 1));
    expect(new Set(questions.map((q) => q.uid)).size).toBe(questions.length);
    expect(new Set(questions.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3, 4]));
    expect(freeSlugs.length).toBeGreaterThan(0);
    for (const question of questions) {
      expect(question.acl.isAvailable).toBe(freeSlugs.includes(question.id));
      expect(question.metadata.version).toBe(1);
    }
    const asLearner = await list(learner.token);
    expect(
      asLearner.body.questions
        .filter((q) => q.acl.isAvailable)
        .map((q) => q.id)
        .sort(),
    ).toEqual([...freeSlugs].sort());
    const asOwner = await list(owner.token);
    expect(asOwner.body.questions.every((q) => q.acl.isAvailable)).toBe(true);
  });

  it('gives one question by name (any case) or uid, with hints, code and only the visible tests', async () => {
    const slug = questionFolders.find((s) => !freeSlugs.includes(s))!;
    const file = readQuestion(slug);
    const byName = await get({ name: file.name.toUpperCase() }, owner.token);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ id: slug, name: file.name, prompt: file.prompt, version: 1 });
    expect(byName.body.hints.map((h) => h.title)).toEqual(
      file.hints.map((_: string, i: number) => `Hint ${i + 1}`),
    );
    expect(byName.body.hints.map((h) => h.content)).toEqual(file.hints);
    expect(byName.body.complexity).toEqual(file.complexity);
    const hidden = file.tests.filter((t: { hidden?: boolean }) => t.hidden).length;
    expect(byName.body.testsCount).toBe(file.tests.length);
    expect(byName.body.hiddenTestsCount).toBe(hidden);
    expect(byName.body.tests).toHaveLength(file.tests.length - hidden);
    expect(Object.keys(byName.body.starterCode)).toEqual(
      expect.arrayContaining(['javascript', 'python', 'java', 'go', 'csharp', 'cpp', 'kotlin', 'typescript']),
    );
    const byUid = await get({ uid: byName.body.uid }, owner.token);
    expect(byUid.body).toEqual(byName.body);
  });

  it('opens free questions to everyone and the others to owners only', async () => {
    const free = await get({ name: freeSlugs[0] });
    expect(free.status).toBe(200);
    expect(free.body.acl.isAvailable).toBe(true);
    const locked = questionFolders.find((s) => !freeSlugs.includes(s))!;
    for (const token of [undefined, learner.token]) {
      const answer = await get({ name: locked }, token);
      expect({ status: answer.status, code: (answer.body as unknown as { code: string }).code }).toEqual({
        status: 403,
        code: 'PRODUCT_NOT_OWNED',
      });
    }
    const missing = await get({ name: 'no such question' }, owner.token);
    expect(missing.status).toBe(404);
    const empty = await get({}, owner.token);
    expect(empty.status).toBe(400);
  });

  it('serves the lessons, with the text of locked ones left out for non-owners', async () => {
    const paths: [string, number][] = [
      ['/api/problems/v1/algoexpert/datastructures/get', 10],
      ['/api/problems/v1/algoexpert/interview-tips/get', 5],
      ['/api/problems/v1/algoexpert/tips/get', 5],
      ['/api/problems/v1/behaviorals/get', 5],
    ];
    for (const [callPath, atLeast] of paths) {
      const anonymous = await call<Lessons>(platform.url, callPath, { json: {} });
      expect(anonymous.status).toBe(200);
      expect(anonymous.body.items.length).toBeGreaterThanOrEqual(atLeast);
      for (const item of anonymous.body.items) expect(item.body === null).toBe(!item.acl.isAvailable);
      expect(anonymous.body.items.some((item) => item.acl.isAvailable)).toBe(true);
      expect(anonymous.body.items.some((item) => !item.acl.isAvailable)).toBe(true);
      const asOwner = await call<Lessons>(platform.url, callPath, { json: {}, token: owner.token });
      expect(
        asOwner.body.items.every((item) => typeof item.body === 'string' && item.body.length > 400),
      ).toBe(true);
    }
  });
});

describe('publishing again', () => {
  it('publishes nothing when nothing changed', async () => {
    const before = await platform.countEvents();
    const answer = await publish();
    expect(answer.status).toBe(200);
    expect(answer.body.published).toBe(0);
    expect(answer.body.position).toBeNull();
    expect(answer.body.items.every((item) => item.outcome === 'unchanged' && item.version === 1)).toBe(true);
    expect(await platform.countEvents()).toBe(before);
  });

  it('publishes the next version of a changed question only, and keeps every version for staff', async () => {
    const slug = questionFolders[0];
    const file = readQuestion(slug);
    fs.writeFileSync(questionFile(slug), JSON.stringify({ ...file, prompt: `${file.prompt}\n\nClarified.` }));
    const answer = await publish();
    expect(answer.status).toBe(200);
    expect(answer.body.published).toBe(1);
    expect(answer.body.items.filter((item) => item.outcome === 'published')).toEqual([
      { kind: 'question', id: slug, version: 2, outcome: 'published' },
    ]);
    // Read-your-writes: the query waits for the position the publish answered.
    const after = await get({ name: slug }, owner.token, { 'x-min-position': answer.body.position! });
    expect(after.body).toMatchObject({ version: 2, prompt: `${file.prompt}\n\nClarified.` });
    expect(after.body.metadata.number).toBe(
      (await list()).body.questions.find((q) => q.id === slug)!.metadata.number,
    );
    const versions = await platform.pool.query(
      `SELECT version, tests_sha256 FROM rm_catalogue_question_versions WHERE question_id = $1 ORDER BY version`,
      [slug],
    );
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2]);
    const blob = await platform.pool.query(`SELECT body FROM es_content_blobs WHERE sha256 = $1`, [
      versions.rows[1].tests_sha256,
    ]);
    expect(blob.rows[0].body).toEqual(file.tests);
  });

  it('refuses bad content with CONTENT_INVALID and appends nothing, not even for the valid items', async () => {
    const [good, bad] = questionFolders.slice(1, 3);
    const goodFile = readQuestion(good);
    const badFile = readQuestion(bad);
    fs.writeFileSync(questionFile(good), JSON.stringify({ ...goodFile, name: `${goodFile.name} Renamed` }));
    fs.writeFileSync(questionFile(bad), JSON.stringify({ ...badFile, hints: [] }));
    try {
      const before = await platform.countEvents();
      const answer = await publish();
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'CONTENT_INVALID' });
      expect(JSON.stringify(answer.body)).toContain(bad);
      expect(await platform.countEvents()).toBe(before);
    } finally {
      fs.writeFileSync(questionFile(good), JSON.stringify(goodFile));
      fs.writeFileSync(questionFile(bad), JSON.stringify(badFile));
    }
  });

  it('is for staff only', async () => {
    expect((await publish(owner.token)).status).toBe(403);
    const anonymous = await call(platform.url, '/api/staff/v1/content/publish', { json: {} });
    expect(anonymous.status).toBe(401);
  });
});

it('rebuilds the catalogue to the same rows', async () => {
  const catalogue = projections.filter((p) => p.name === 'catalogue');
  const rows = () =>
    tableRows(
      platform,
      catalogue.flatMap((p) => p.tables),
    );
  const live = await rows();
  expect(live.rm_catalogue_questions.length).toBe(questionFolders.length);
  await rebuildProjection(platform, 'catalogue');
  expect(await rows()).toEqual(live);
});
