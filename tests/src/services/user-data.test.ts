import {
  MAX_USER_DATA_DEPTH,
  MAX_USER_DATA_DOCUMENT_BYTES,
  MAX_USER_DATA_SET_BYTES,
  userDataStreamId,
} from '@app/contracts';
import {
  type Platform,
  call,
  latestPosition,
  rebuildProjection,
  startPlatform,
  tableRows,
} from './platform-harness';
import { type SignedInUser, signInFake } from './identity-support';

/*
 * user-data/set and user-data/get (spec 3 and 7): a learner's saved data per product, appended as
 * UserDataSet events by the command-service and answered from the user-data read model, through the
 * gateway as the web calls them.
 */
const path = (product: string, call: 'get' | 'set') => `/api/problems/v1/${product}/user-data/${call}`;

let platform: Platform;
let learner: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform();
  learner = await signInFake(platform.url);
});
afterAll(async () => {
  await platform?.close();
});

type Ack = { position: string };

async function set(
  user: SignedInUser,
  data: unknown,
  options: { product?: string; deepMerge?: boolean } = {},
) {
  return call<Ack & { code?: string; message?: string }>(
    platform.url,
    path(options.product ?? 'algoexpert', 'set'),
    {
      json: options.deepMerge === undefined ? { data } : { data, deepMerge: options.deepMerge },
      token: user.token,
    },
  );
}

async function saved(
  user: SignedInUser,
  data: unknown,
  options: { product?: string; deepMerge?: boolean } = {},
) {
  const answer = await set(user, data, options);
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  expect(answer.headers.get('x-event-position')).toBe(answer.body.position);
  return answer.body.position;
}

async function get(user: SignedInUser, fetchMap: unknown, position?: string, product = 'algoexpert') {
  const answer = await call<Record<string, unknown>>(platform.url, path(product, 'get'), {
    json: { fetchMap, fetchKey: 'TAKE' },
    token: user.token,
    headers: position ? { 'x-min-position': position } : {},
  });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body;
}

describe('set then get', () => {
  it('answers what was saved at once with the position (read-your-writes), and {} before anything', async () => {
    const user = await signInFake(platform.url);
    expect(await get(user, { sortMethod: 'TAKE' })).toEqual({});
    const position = await saved(user, { sortMethod: 'category', workspaceOptions: { keymap: 'vim' } });
    expect(await get(user, { sortMethod: 'TAKE', workspaceOptions: 'TAKE' }, position)).toEqual({
      sortMethod: 'category',
      workspaceOptions: { keymap: 'vim' },
    });
  });

  it('merges deeply by default: drafts per question and language, solution slots, null deletes', async () => {
    const user = await signInFake(platform.url);
    await saved(user, {
      sandboxCode: { 'two-sum': { python: 'def a(): pass', java: 'class A {}' } },
      solutions: { 'two-sum': { '1': { python: 'first' } } },
      favoritedQuestions: { 'two-sum': true, 'three-sum': true },
    });
    const position = await saved(user, {
      sandboxCode: { 'two-sum': { python: 'def b(): pass' } },
      solutions: { 'two-sum': { '2': { python: 'second' } } },
      favoritedQuestions: { 'three-sum': null },
      scratchpadText: { 'two-sum': 'use a hash map' },
    });
    expect(
      await get(
        user,
        { sandboxCode: 'TAKE', solutions: 'TAKE', favoritedQuestions: 'TAKE', scratchpadText: 'TAKE' },
        position,
      ),
    ).toEqual({
      sandboxCode: { 'two-sum': { python: 'def b(): pass', java: 'class A {}' } },
      solutions: { 'two-sum': { '1': { python: 'first' }, '2': { python: 'second' } } },
      favoritedQuestions: { 'two-sum': true },
      scratchpadText: { 'two-sum': 'use a hash map' },
    });
  });

  it('replaces the top-level keys given with deepMerge false, keeping the others', async () => {
    const user = await signInFake(platform.url);
    await saved(user, { workspaceOptions: { theme: 'dark', fontZoom: 2 }, sortMethod: 'category' });
    const position = await saved(user, { workspaceOptions: { keymap: 'emacs' } }, { deepMerge: false });
    expect(await get(user, { workspaceOptions: 'TAKE', sortMethod: 'TAKE' }, position)).toEqual({
      workspaceOptions: { keymap: 'emacs' },
      sortMethod: 'category',
    });
  });

  it('selects with nested fetch maps and leaves out what is not stored', async () => {
    const user = await signInFake(platform.url);
    const position = await saved(user, {
      sandboxCode: { 'two-sum': { python: 'p', go: 'g' }, 'three-sum': { java: 'j' } },
      questionVersions: { 'two-sum': 2 },
    });
    expect(
      await get(
        user,
        {
          sandboxCode: { 'two-sum': { python: 'TAKE', kotlin: 'TAKE' } },
          missing: 'TAKE',
          questionVersions: 'TAKE',
        },
        position,
      ),
    ).toEqual({ sandboxCode: { 'two-sum': { python: 'p' } }, questionVersions: { 'two-sum': 2 } });
  });

  it('keeps each product apart, and each learner sees only their own data', async () => {
    const user = await signInFake(platform.url);
    const other = await signInFake(platform.url);
    const positions = [
      await saved(user, { sortMethod: 'difficulty' }),
      await saved(
        user,
        { sortMethod: 'category', videosWatched: { a: true } },
        { product: 'frontendexpert' },
      ),
      await saved(other, { sortMethod: 'custom' }),
    ];
    const last = latestPosition(positions);
    expect(await get(user, { sortMethod: 'TAKE', videosWatched: 'TAKE' }, last)).toEqual({
      sortMethod: 'difficulty',
    });
    expect(await get(user, { sortMethod: 'TAKE', videosWatched: 'TAKE' }, last, 'frontendexpert')).toEqual({
      sortMethod: 'category',
      videosWatched: { a: true },
    });
    expect(await get(other, { sortMethod: 'TAKE', videosWatched: 'TAKE' }, last)).toEqual({
      sortMethod: 'custom',
    });
    expect(await get(other, { sortMethod: 'TAKE' }, last, 'frontendexpert')).toEqual({});
  });

  it('shows old algoexpert data migrated (completed true struck, middle favourited), the stored events unchanged', async () => {
    const user = await signInFake(platform.url);
    const old = { 'two-sum': true, 'three-sum': 'middle', 'four-sum': true };
    await saved(user, { completedQuestions: old });
    const position = await saved(user, { strikeQuestions: { 'four-sum': false } });
    expect(await get(user, { strikeQuestions: 'TAKE', favoritedQuestions: 'TAKE' }, position)).toEqual({
      strikeQuestions: { 'two-sum': true, 'four-sum': false },
      favoritedQuestions: { 'three-sum': true },
    });
    expect(await get(user, { completedQuestions: 'TAKE' })).toEqual({ completedQuestions: old });
    // Other products have no such old data.
    const frontend = await saved(user, { completedQuestions: old }, { product: 'frontendexpert' });
    expect(await get(user, { strikeQuestions: 'TAKE' }, frontend, 'frontendexpert')).toEqual({});
    const { rows } = await platform.pool.query<{ data: unknown }>(
      'SELECT data FROM es_events WHERE stream_id = $1 ORDER BY revision',
      [userDataStreamId('algoexpert', user.userId)],
    );
    expect(rows.map((r) => r.data)).toEqual([
      { userId: user.userId, product: 'algoexpert', data: { completedQuestions: old }, deepMerge: true },
      {
        userId: user.userId,
        product: 'algoexpert',
        data: { strikeQuestions: { 'four-sum': false } },
        deepMerge: true,
      },
    ]);
  });

  it('lands every one of 20 concurrent sets of one learner', async () => {
    const user = await signInFake(platform.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        set(user, { sandboxCode: { [`q${i}`]: { python: `code ${i}` } } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const body = await get(
      user,
      { sandboxCode: 'TAKE' },
      latestPosition(answers.map((a) => a.body.position)),
    );
    expect(body.sandboxCode).toEqual(
      Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`q${i}`, { python: `code ${i}` }])),
    );
    const { rows } = await platform.pool.query<{ count: string }>(
      'SELECT count(*) FROM es_events WHERE stream_id = $1',
      [userDataStreamId('algoexpert', user.userId)],
    );
    expect(Number(rows[0].count)).toBe(20);
  });
});

describe('bad input: a clear 400 and nothing appended', () => {
  async function refused(
    data: unknown,
    expected: { code: string; message?: string | RegExp },
    user: SignedInUser = learner,
  ) {
    const before = await platform.countEvents();
    const answer = await set(user, data);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(expected.code);
    if (expected.message) expect(answer.body.message).toMatch(expected.message);
    expect(await platform.countEvents()).toBe(before);
  }

  it('refuses data that is no JSON object', async () => {
    await refused([1, 2], { code: 'VALIDATION_FAILED', message: /body\.data/ });
    await refused('text', { code: 'VALIDATION_FAILED', message: /body\.data/ });
    await refused(null, { code: 'VALIDATION_FAILED', message: /body\.data/ });
    const before = await platform.countEvents();
    const missing = await call<{ code: string }>(platform.url, path('algoexpert', 'set'), {
      json: { deepMerge: true },
      token: learner.token,
    });
    expect({ status: missing.status, code: missing.body.code }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    const notJson = await call<{ code: string }>(platform.url, path('algoexpert', 'set'), {
      raw: '{"data": {',
      headers: { 'content-type': 'application/json' },
      token: learner.token,
    });
    expect({ status: notJson.status, code: notJson.body.code }).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await platform.countEvents()).toBe(before);
  });

  it('refuses data nested too deep', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_USER_DATA_DEPTH + 1; i++) deep = { d: deep };
    await refused(deep, {
      code: 'VALIDATION_FAILED',
      message: `The request is not valid: body.data: The data is nested deeper than ${MAX_USER_DATA_DEPTH} levels of objects and arrays.`,
    });
  });

  it('refuses one set over its limit', async () => {
    const data = { scratchpadText: { big: 'x'.repeat(MAX_USER_DATA_SET_BYTES) } };
    await refused(data, {
      code: 'USER_DATA_TOO_LARGE',
      message:
        /^The data of one set is [\d,]+ bytes; the limit is [\d,]+ bytes\. Save it in smaller parts\.$/,
    });
  });

  it('refuses a set that would push the stored document over its limit, and takes one that shrinks it', async () => {
    const user = await signInFake(platform.url);
    const chunk = 'y'.repeat(MAX_USER_DATA_SET_BYTES - 100);
    const chunks = Math.floor(MAX_USER_DATA_DOCUMENT_BYTES / (MAX_USER_DATA_SET_BYTES - 50));
    for (let i = 0; i < chunks; i++) await saved(user, { sandboxCode: { [`q${i}`]: { python: chunk } } });
    await refused(
      { sandboxCode: { last: { python: chunk } } },
      {
        code: 'USER_DATA_TOO_LARGE',
        message:
          /^The saved data for algoexpert would be [\d,]+ bytes after this set; the limit is 1,048,576 bytes\. Remove something first \(set its key to null\)\.$/,
      },
      user,
    );
    // Removing a draft makes room again.
    await saved(user, { sandboxCode: { q0: null } });
    const position = await saved(user, { sandboxCode: { last: { python: 'short' } } });
    const body = await get(user, { sandboxCode: { last: 'TAKE', q0: 'TAKE' } }, position);
    expect(body).toEqual({ sandboxCode: { last: { python: 'short' } } });
  });

  it('refuses a bad fetch map on get', async () => {
    const answer = await call<{ code: string }>(platform.url, path('algoexpert', 'get'), {
      json: { fetchMap: { sortMethod: 'GIVE' } },
      token: learner.token,
    });
    expect({ status: answer.status, code: answer.body.code }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });

  it('is for signed-in learners: anonymous callers get 401 and nothing is appended', async () => {
    const before = await platform.countEvents();
    const setAnswer = await call(platform.url, path('algoexpert', 'set'), { json: { data: { a: 1 } } });
    const getAnswer = await call(platform.url, path('algoexpert', 'get'), {
      json: { fetchMap: { a: 'TAKE' } },
    });
    expect([setAnswer.status, getAnswer.status]).toEqual([401, 401]);
    expect(await platform.countEvents()).toBe(before);
  });
});

describe('account wipe', () => {
  it("removes the learner's data from the read model and the command side", async () => {
    const user = await signInFake(platform.url);
    const witness = await signInFake(platform.url);
    await saved(user, { sortMethod: 'category' });
    await saved(user, { strike: { a: true } }, { product: 'frontendexpert' });
    const wiped = await call<Ack>(platform.url, '/api/auth/v1/account/wipe', { json: {}, token: user.token });
    expect(wiped.status).toBe(200);
    // Another learner's query with the wipe's position waits until the read model has seen it.
    await get(witness, { sortMethod: 'TAKE' }, wiped.body.position);
    const readModel = await platform.pool.query('SELECT 1 FROM rm_user_data WHERE user_id = $1', [
      user.userId,
    ]);
    const commandSide = await platform.pool.query('SELECT 1 FROM user_data_documents WHERE user_id = $1', [
      user.userId,
    ]);
    expect([readModel.rowCount, commandSide.rowCount]).toEqual([0, 0]);
    const again = await set(user, { sortMethod: 'difficulty' });
    expect(again.status).toBe(401);
  });

  it('leaves nothing behind when sets race the wipe', async () => {
    const user = await signInFake(platform.url);
    const witness = await signInFake(platform.url);
    await saved(user, { sortMethod: 'category' });
    const [wiped, ...sets] = await Promise.all([
      call<Ack>(platform.url, '/api/auth/v1/account/wipe', { json: {}, token: user.token }),
      ...Array.from({ length: 10 }, (_, i) => set(user, { sandboxCode: { [`q${i}`]: { go: 'x' } } })),
    ]);
    expect(wiped.status).toBe(200);
    for (const answer of sets) expect([200, 401]).toContain(answer.status);
    const positions = [wiped, ...sets].filter((a) => a.status === 200).map((a) => a.body.position);
    await get(witness, { sortMethod: 'TAKE' }, latestPosition(positions));
    const readModel = await platform.pool.query('SELECT 1 FROM rm_user_data WHERE user_id = $1', [
      user.userId,
    ]);
    const commandSide = await platform.pool.query('SELECT 1 FROM user_data_documents WHERE user_id = $1', [
      user.userId,
    ]);
    expect([readModel.rowCount, commandSide.rowCount]).toEqual([0, 0]);
  });

  it('refuses a set whose learner is wiped after it was authenticated, storing nothing', async () => {
    const user = await signInFake(platform.url);
    const before = await platform.countEvents();
    // Hold the learner's identity row, as the wipe's transaction does, while the set is in flight.
    const wipe = await platform.pool.connect();
    try {
      await wipe.query('BEGIN');
      await wipe.query('SELECT 1 FROM identity_users WHERE user_id = $1 FOR UPDATE', [user.userId]);
      const pending = set(user, { sortMethod: 'category' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await wipe.query('UPDATE identity_users SET wiped_at = now() WHERE user_id = $1', [user.userId]);
      await wipe.query('COMMIT');
      const answer = await pending;
      expect({ status: answer.status, code: answer.body.code }).toEqual({
        status: 401,
        code: 'INVALID_TOKEN',
      });
    } finally {
      wipe.release();
    }
    const commandSide = await platform.pool.query('SELECT 1 FROM user_data_documents WHERE user_id = $1', [
      user.userId,
    ]);
    expect(commandSide.rowCount).toBe(0);
    expect(await platform.countEvents()).toBe(before);
  });
});

it('rebuilds the user-data read model to the same rows', async () => {
  const tables = ['rm_user_data', 'rm_user_data_wiped_users'];
  const rows = () => tableRows(platform, tables);
  // Everything the suite appended is in the read model before comparing.
  const head = await saved(learner, { sortMethod: 'difficulty' });
  await get(learner, { sortMethod: 'TAKE' }, head);
  const live = await rows();
  expect(live.rm_user_data.length).toBeGreaterThan(10);
  expect(live.rm_user_data_wiped_users.length).toBe(2);
  await rebuildProjection(platform, 'user-data');
  expect(await rows()).toEqual(live);
});
