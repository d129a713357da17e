import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type QuestionVersion,
  questionVersionFields,
  trackCodingProductIds,
  trackCodingQuestions,
} from '@app/contracts';
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
/** The learning tracks' coding questions (machine learning, infrastructure), published beside the algorithms'. */
const trackQuestionFolders = trackCodingProductIds.flatMap((track) =>
  fs.readdirSync(path.join(contentDir, trackCodingQuestions[track].folder, 'questions')),
);
/** Questions judged by their own judges: Solidity (blockchain) and pages in Chromium (frontend). */
const judgedQuestionFolders = [
  ...fs.readdirSync(path.join(contentDir, 'blockchain', 'questions')),
  ...fs.readdirSync(path.join(contentDir, 'frontend', 'questions')),
];
const questionFile = (slug: string) =>
  path.join(contentDir, 'algorithms', 'questions', slug, 'question.json');
const readQuestion = (slug: string) => JSON.parse(fs.readFileSync(questionFile(slug), 'utf8'));
const freeSlugs = questionFolders.filter((slug) => readQuestion(slug).free === true);
const solutionFile = (slug: string, language: string) =>
  path.join(contentDir, 'algorithms', 'questions', slug, 'solutions', language);

let platform: Platform;
let owner: SignedInUser;
let learner: SignedInUser;
let staff: SignedInUser;

beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: contentDir } });
  owner = await signInWithRoles(platform.url, ['premiumv1'], 'catalogue-owner');
  learner = await signInWithRoles(platform.url, [], 'catalogue-learner');
  staff = await signInWithRoles(platform.url, ['staff'], 'catalogue-staff');
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
const trace = (request: { name?: string; uid?: string }, token?: string) =>
  call<{ questionId: string; version: number; trace: { steps: { event: string }[] } | null }>(
    platform.url,
    '/api/problems/v1/algoexpert/coding-questions/walkthrough-trace',
    { json: request, token },
  );
type History = { product: string; id: string; uid: string; name: string; versions: QuestionVersion[] };
const versionsOf = (questionId: string, token?: string, headers?: Record<string, string>) =>
  call<History>(platform.url, `/api/staff/v1/content/questions/${encodeURIComponent(questionId)}/versions`, {
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

  it("serves a question's walkthrough trace apart from the question, to those who may open it", async () => {
    const slug = questionFolders.find((s) => !freeSlugs.includes(s))!;
    const kept = JSON.parse(
      fs.readFileSync(path.join(contentDir, 'algorithms', 'questions', slug, 'trace.json'), 'utf8'),
    );
    const byId = await trace({ name: slug }, owner.token);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ questionId: slug, version: 1, trace: kept });
    expect(byId.body.trace?.steps.at(-1)?.event).toBe('return');
    // The question itself does not carry it.
    const question = await get({ name: slug }, owner.token);
    expect(Object.keys(question.body)).not.toContain('walkthroughTrace');
    expect(JSON.stringify(question.body)).not.toContain(kept.digest);
    const locked = await trace({ name: slug }, learner.token);
    expect(locked.status).toBe(403);
    expect((await trace({ name: freeSlugs[0] })).status).toBe(200);
    expect((await trace({ name: 'no such question' }, owner.token)).status).toBe(404);
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

  it('publishes the next version of a changed question only, and staff read every version with what changed', async () => {
    const slug = questionFolders[0];
    const file = readQuestion(slug);
    const python = fs.readFileSync(solutionFile(slug, 'python'), 'utf8');
    const [before] = (await versionsOf(slug, STAFF_TOKEN)).body.versions;
    fs.writeFileSync(
      questionFile(slug),
      JSON.stringify({
        ...file,
        prompt: `${file.prompt}\n\nClarified.`,
        hints: [`${file.hints[0]} Mind the carry.`, ...file.hints.slice(1)],
      }),
    );
    fs.writeFileSync(solutionFile(slug, 'python'), `${python}\n# Clarified.\n`);
    const answer = await publish();
    expect(answer.status).toBe(200);
    expect(answer.body.published).toBe(1);
    expect(answer.body.items.filter((item) => item.outcome === 'published')).toEqual([
      { kind: 'question', id: slug, version: 2, outcome: 'published' },
    ]);
    // Read-your-writes: the queries wait for the position the publish answered.
    const history = await versionsOf(slug, STAFF_TOKEN, { 'x-min-position': answer.body.position! });
    expect(history.status).toBe(200);
    const after = await get({ name: slug }, owner.token, { 'x-min-position': answer.body.position! });
    expect(after.body).toMatchObject({ version: 2, prompt: `${file.prompt}\n\nClarified.` });
    expect(after.body.metadata.number).toBe(
      (await list()).body.questions.find((q) => q.id === slug)!.metadata.number,
    );

    // Newest first; the second version says what changed since the first, and which languages.
    expect(history.body).toMatchObject({
      product: 'algoexpert',
      id: slug,
      uid: after.body.uid,
      name: file.name,
    });
    const [second, first] = history.body.versions;
    expect(history.body.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(first).toEqual(before);
    expect(second.changedFields).toEqual(['prompt', 'hints', 'solutions']);
    expect(second.changedLanguages).toEqual({ starters: [], solutions: ['python'] });
    // The first version: every field it has is new, in the documented order.
    expect(first.changedFields).toEqual(
      expect.arrayContaining(['name', 'category', 'difficulty', 'free', 'prompt', 'hints', 'complexity']),
    );
    expect(first.changedFields).toEqual(
      expect.arrayContaining(['walkthrough', 'signature', 'tests', 'solutions']),
    );
    expect(first.changedFields).toEqual(questionVersionFields.filter((f) => first.changedFields.includes(f)));
    expect(first.changedLanguages.solutions).toEqual(
      expect.arrayContaining(['javascript', 'python', 'java', 'go', 'csharp', 'cpp', 'kotlin', 'typescript']),
    );
    // The event that published each version, its place in the global order, its digests.
    expect(second.position).toBe(answer.body.position);
    const events = await platform.pool.query<{
      event_id: string;
      p: string;
      metadata: { occurredAt: string };
    }>(
      `SELECT event_id, transaction_id::text || '.' || position AS p, metadata FROM es_events
        WHERE type = 'QuestionPublished' AND data->>'questionId' = $1 ORDER BY revision DESC`,
      [slug],
    );
    expect(history.body.versions.map((v) => [v.eventId, v.position])).toEqual(
      events.rows.map((e) => [e.event_id, e.p]),
    );
    expect(Date.parse(second.publishedAt)).toBe(Date.parse(events.rows[0].metadata.occurredAt));
    expect(second.contentSha256).not.toBe(first.contentSha256);
    expect(second.tests).toEqual(first.tests);
    expect(second.tests).toMatchObject({ count: file.tests.length });
    const blob = await platform.pool.query(`SELECT body FROM es_content_blobs WHERE sha256 = $1`, [
      second.tests.sha256,
    ]);
    expect(blob.rows[0].body).toEqual(file.tests);

    // The question by uid, by name in any case: the same history.
    expect((await versionsOf(after.body.uid, STAFF_TOKEN)).body).toEqual(history.body);
    expect((await versionsOf(file.name.toUpperCase(), staff.token)).body).toEqual(history.body);
  });

  it('gives the history to staff only, 404 for an unknown question and 400 for a bad one', async () => {
    const slug = questionFolders[0];
    expect(await versionsOf(slug)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' },
    });
    for (const token of [learner.token, owner.token])
      expect(await versionsOf(slug, token)).toMatchObject({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'This call is for staff only.' },
      });
    for (const unknown of ['no such question', '00000000-0000-4000-8000-000000000000'])
      expect(await versionsOf(unknown, STAFF_TOKEN)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', message: `There is no question "${unknown}" in algoexpert.` },
      });
    // Another product has its own catalogue (empty here).
    const elsewhere = await call(
      platform.url,
      `/api/staff/v1/content/questions/${slug}/versions?product=frontendexpert`,
      { token: STAFF_TOKEN },
    );
    expect(elsewhere.status).toBe(404);
    for (const bad of ['x'.repeat(201), ' '])
      expect(await versionsOf(bad, STAFF_TOKEN)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_FAILED' },
      });
    const badProduct = await call(
      platform.url,
      `/api/staff/v1/content/questions/${slug}/versions?product=nowhere`,
      { token: STAFF_TOKEN },
    );
    expect(badProduct).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
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
  // The algorithms' questions and the learning tracks' coding questions, each published once (one
  // algorithms question twice, by the test above); the Solidity and frontend questions are listed too,
  // without a staff version history (they have no signature or JSON tests to compare).
  const published = questionFolders.length + trackQuestionFolders.length;
  expect(live.rm_catalogue_questions.length).toBe(published + judgedQuestionFolders.length);
  expect(live.rm_catalogue_question_versions.length).toBe(published + 1);
  await rebuildProjection(platform, 'catalogue');
  expect(await rows()).toEqual(live);
});

it("fills the versions projected before the history existed as the projection does (the migration's backfill)", async () => {
  const migration = fs.readFileSync(
    path.resolve(
      __dirname,
      '..',
      '..',
      '..',
      'projection-service',
      'migrations',
      '1795651200100_catalogue-version-changes.sql',
    ),
    'utf8',
  );
  const backfill = /^UPDATE rm_catalogue_question_versions v[\s\S]*?;$/m.exec(migration)![0];
  const versions = `SELECT row_to_json(t)::text AS row FROM rm_catalogue_question_versions t ORDER BY 1`;
  const client = await platform.pool.connect();
  try {
    await client.query('BEGIN');
    const live = (await client.query(versions)).rows;
    await client.query(
      `UPDATE rm_catalogue_question_versions
          SET event_id = gen_random_uuid(), event_xid = 0, event_pos = 0, field_digests = '{}'`,
    );
    expect((await client.query(backfill)).rowCount).toBe(live.length);
    expect((await client.query(versions)).rows).toEqual(live);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
});
