import { randomUUID } from 'node:crypto';
import { type Announcement, getMyAnnouncements, listAnnouncements } from '@app/contracts';
import { type Platform, STAFF_TOKEN, call, latestPosition, startPlatform } from './platform-harness';
import { signInWithRoles } from './identity-support';

/*
 * Announcements as staff-managed content (spec 3, 4 and 7): staff publish and withdraw them through
 * the command-service; announcement/mine answers from the read model what shows now, per page.
 */
const MINE = '/api/announcements/v1/announcement/mine';
const STAFF_ANNOUNCEMENTS = '/api/staff/v1/announcements';
const withdrawPath = (id: string) => `${STAFF_ANNOUNCEMENTS}/${id}/withdraw`;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

type Published = { position: string; announcement: Announcement };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function publish(json: Record<string, unknown>, headers: Record<string, string> = {}) {
  const answer = await call<Published>(platform.url, STAFF_ANNOUNCEMENTS, {
    json,
    token: STAFF_TOKEN,
    headers,
  });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body;
}

async function withdraw(id: string) {
  return call<{ position: string; announcementId: string; alreadyWithdrawn: boolean }>(
    platform.url,
    withdrawPath(id),
    { json: {}, token: STAFF_TOKEN },
  );
}

/** announcement/mine as the web asks it, after the given position when there is one. */
async function mine(sitePath?: string, position?: string) {
  const answer = await call(platform.url, MINE, {
    json: sitePath === undefined ? {} : { site_path: sitePath },
    headers: position ? { 'x-min-position': position } : {},
  });
  expect(answer.status).toBe(200);
  return getMyAnnouncements.response.parse(answer.body);
}

async function staffList(position: string) {
  const answer = await call(platform.url, STAFF_ANNOUNCEMENTS, {
    token: STAFF_TOKEN,
    headers: { 'x-min-position': position },
  });
  expect(answer.status).toBe(200);
  return listAnnouncements.response.parse(answer.body).announcements;
}

const ids = (announcements: readonly Announcement[]) => announcements.map((a) => a.id);

// First, while the store is still empty (tests in a file run in order).
it('answers an empty array when nothing is announced', async () => {
  const answer = await call(platform.url, MINE, { json: { site_path: '/team' } });
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
});

describe('publishing and asking per page', () => {
  it('answers the general ones without site_path, and adds those of exactly that page with it, newest first', async () => {
    // A few milliseconds apart, so the approval times order them.
    const general = await publish({ message: '<p>New <strong>systems</strong> lessons</p>' });
    await pause(5);
    const systems = await publish({ message: 'Only on the systems page', sitePath: '/systems/product' });
    await pause(5);
    const expiresAt = inAnHour();
    const newer = await publish({ message: 'A newer general one', sitePath: null, expiresAt });
    const last = latestPosition([general.position, systems.position, newer.position]);

    // The acknowledgement carries the announcement as the query shows it.
    expect(newer.announcement).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      message: 'A newer general one',
      approved_at: expect.any(String),
      expires_at: expiresAt,
      site_path: null,
    });
    expect(Date.parse(newer.announcement.approved_at!)).toBeGreaterThanOrEqual(
      Date.parse(general.announcement.approved_at!),
    );

    expect(await mine(undefined, last)).toEqual([newer.announcement, general.announcement]);
    expect(await mine('/systems/product', last)).toEqual([
      newer.announcement,
      systems.announcement,
      general.announcement,
    ]);
    // Exactly that path: not a prefix, not another page.
    expect(ids(await mine('/systems', last))).toEqual(ids([newer.announcement, general.announcement]));
    expect(ids(await mine('/systems/product/extra', last))).not.toContain(systems.announcement.id);
    expect(ids(await mine('/team', last))).toEqual(ids([newer.announcement, general.announcement]));

    // The exact shape of spec 3; the HTML is kept as staff wrote it (the web sanitises it).
    const [, systemsAnswer] = await mine('/systems/product', last);
    expect(Object.keys(systemsAnswer).sort()).toEqual([
      'approved_at',
      'expires_at',
      'id',
      'message',
      'site_path',
    ]);
    expect((await mine(undefined, last)).find((a) => a.id === general.announcement.id)?.message).toBe(
      '<p>New <strong>systems</strong> lessons</p>',
    );

    for (const published of [general, systems, newer]) {
      expect((await withdraw(published.announcement.id)).status).toBe(200);
    }
  });

  it('shows an announcement to the staff member who published it at once (X-Min-Position)', async () => {
    const published = await publish({ message: `read your writes ${randomUUID()}`, sitePath: '/team' });
    expect(ids(await mine('/team', published.position))).toContain(published.announcement.id);
    await withdraw(published.announcement.id);
  });

  it('stops showing an announcement once it has expired, and the staff list says so', async () => {
    const published = await publish({
      message: 'Expires in a moment',
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(ids(await mine(undefined, published.position))).toContain(published.announcement.id);
    await pause(1700);
    expect(ids(await mine(undefined, published.position))).not.toContain(published.announcement.id);
    expect(ids(await mine('/team', published.position))).not.toContain(published.announcement.id);
    expect(
      (await staffList(published.position)).find((a) => a.id === published.announcement.id),
    ).toMatchObject({
      state: 'expired',
      withdrawn_at: null,
    });
  });

  it('answers the announcement a retried publication (same Idempotency-Key) published, appending once', async () => {
    const key = randomUUID();
    const first = await publish({ message: 'Retried publication' }, { 'idempotency-key': key });
    const before = await platform.countEvents();
    const retry = await publish({ message: 'Retried publication' }, { 'idempotency-key': key });
    expect(retry).toEqual(first);
    expect(first.announcement.id).toBe(key);
    expect(await platform.countEvents()).toBe(before);
    await withdraw(key);
  });
});

describe('withdrawing', () => {
  it('hides it everywhere at once; a second withdrawal is an idempotent success that appends nothing', async () => {
    const general = await publish({ message: 'To be withdrawn' });
    const page = await publish({ message: 'To be withdrawn too', sitePath: '/team', expiresAt: inAnHour() });
    expect(ids(await mine('/team', latestPosition([general.position, page.position])))).toEqual(
      expect.arrayContaining([general.announcement.id, page.announcement.id]),
    );

    const first = await withdraw(page.announcement.id);
    expect({ status: first.status, body: first.body }).toEqual({
      status: 200,
      body: { position: expect.any(String), announcementId: page.announcement.id, alreadyWithdrawn: false },
    });
    expect(first.headers.get('x-event-position')).toBe(first.body.position);
    const shown = ids(await mine('/team', first.body.position));
    expect(shown).toContain(general.announcement.id);
    expect(shown).not.toContain(page.announcement.id);

    const before = await platform.countEvents();
    const again = await withdraw(page.announcement.id);
    expect({ status: again.status, body: again.body }).toMatchObject({
      status: 200,
      body: { announcementId: page.announcement.id, alreadyWithdrawn: true },
    });
    expect(await platform.countEvents()).toBe(before);

    const list = await staffList(first.body.position);
    expect(list.find((a) => a.id === page.announcement.id)).toMatchObject({
      state: 'withdrawn',
      withdrawn_at: expect.any(String),
      site_path: '/team',
    });
    expect(list.find((a) => a.id === general.announcement.id)).toMatchObject({
      state: 'active',
      withdrawn_at: null,
    });
    await withdraw(general.announcement.id);
  });

  it('withdraws once when two withdrawals race', async () => {
    const published = await publish({ message: 'Raced withdrawal' });
    const before = await platform.countEvents();
    const answers = await Promise.all([
      withdraw(published.announcement.id),
      withdraw(published.announcement.id),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.alreadyWithdrawn).sort()).toEqual([false, true]);
    expect(await platform.countEvents()).toBe(before + 1);
  });

  it('answers 404 NOT_FOUND for an unknown id and 400 for one that is no UUID, appending nothing', async () => {
    const before = await platform.countEvents();
    const unknown = randomUUID();
    const answer = await withdraw(unknown);
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: `No announcement has the id ${unknown}.` },
    });
    const malformed = await withdraw('not-a-uuid');
    expect({ status: malformed.status, body: malformed.body }).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'The request is not valid: path.announcementId: The announcement id must be a UUID.',
        issues: [{ path: 'path.announcementId', message: 'The announcement id must be a UUID.' }],
      },
    });
    expect(await platform.countEvents()).toBe(before);
  });
});

describe('bad input: a clear 400 and nothing appended', () => {
  const past = new Date(Date.now() - 60_000).toISOString();
  it.each([
    ['an empty message', { message: '' }, 'body.message', 'The message is empty.'],
    ['a message of spaces only', { message: '   ' }, 'body.message', 'The message is empty.'],
    ['no message', { sitePath: '/team' }, 'body.message', expect.any(String)],
    [
      'an over-long message',
      { message: 'x'.repeat(10_001) },
      'body.message',
      'The message is longer than 10,000 characters.',
    ],
    [
      'a relative site path',
      { message: 'm', sitePath: 'systems/product' },
      'body.sitePath',
      expect.stringMatching(/absolute path/),
    ],
    [
      'a site path with a host',
      { message: 'm', sitePath: '//evil.example/x' },
      'body.sitePath',
      expect.stringMatching(/absolute path/),
    ],
    [
      'a full url',
      { message: 'm', sitePath: 'https://example.com/team' },
      'body.sitePath',
      expect.stringMatching(/absolute path/),
    ],
    [
      'a site path with a query',
      { message: 'm', sitePath: '/team?x=1' },
      'body.sitePath',
      expect.stringMatching(/absolute path/),
    ],
    [
      'an expiry that is no timestamp',
      { message: 'm', expiresAt: 'tomorrow' },
      'body.expiresAt',
      expect.any(String),
    ],
  ])('refuses %s', async (_name, json, path, message) => {
    const before = await platform.countEvents();
    const answer = await call<{ code: string; message: string; issues: { path: string; message: string }[] }>(
      platform.url,
      STAFF_ANNOUNCEMENTS,
      { json, token: STAFF_TOKEN },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path, message }] });
    expect(answer.body.message).toMatch(/^The request is not valid: /);
    expect(await platform.countEvents()).toBe(before);
  });

  it('refuses an expiry that is not after now, saying when now is', async () => {
    const before = await platform.countEvents();
    const answer = await call<{ code: string; message: string; issues: { path: string; message: string }[] }>(
      platform.url,
      STAFF_ANNOUNCEMENTS,
      { json: { message: 'Too late', expiresAt: past }, token: STAFF_TOKEN },
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [
        {
          path: 'body.expiresAt',
          message: expect.stringMatching(/^The expiry must be after now \(.+\); it is /),
        },
      ],
    });
    expect(await platform.countEvents()).toBe(before);
  });

  it('refuses a site_path query longer than the contract allows', async () => {
    const answer = await call(platform.url, MINE, { json: { site_path: `/${'x'.repeat(2000)}` } });
    expect({ status: answer.status, body: answer.body }).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED' },
    });
  });
});

describe('who may manage announcements', () => {
  it('refuses anonymous callers (401) and learners (403), appending nothing; a signed-in staff member may', async () => {
    const learner = await signInWithRoles(platform.url, [], 'learner');
    const staff = await signInWithRoles(platform.url, ['staff'], 'staff');
    const before = await platform.countEvents();
    const someId = randomUUID();
    for (const [path, options] of [
      [STAFF_ANNOUNCEMENTS, { json: { message: 'Not yours to publish' } }],
      [withdrawPath(someId), { json: {} }],
      [STAFF_ANNOUNCEMENTS, {}],
    ] as const) {
      const anonymous = await call(platform.url, path, options);
      expect({ status: anonymous.status, body: anonymous.body }).toEqual({
        status: 401,
        body: { code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' },
      });
      const asLearner = await call(platform.url, path, { ...options, token: learner.token });
      expect({ status: asLearner.status, body: asLearner.body }).toEqual({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'This call is for staff only.' },
      });
    }
    expect(await platform.countEvents()).toBe(before);

    const byStaff = await call<Published>(platform.url, STAFF_ANNOUNCEMENTS, {
      json: { message: 'From a staff member' },
      token: staff.token,
    });
    expect(byStaff.status).toBe(200);
    const { rows } = await platform.pool.query(
      `SELECT metadata->'actor' AS actor FROM es_events WHERE stream_id = $1`,
      [`announcement-${byStaff.body.announcement.id}`],
    );
    expect(rows).toEqual([{ actor: { kind: 'staff', id: staff.userId } }]);
    const withdrawn = await call(platform.url, withdrawPath(byStaff.body.announcement.id), {
      json: {},
      token: staff.token,
    });
    expect(withdrawn.status).toBe(200);
  });
});

describe('rebuild', () => {
  it('rebuilds the announcements read model from the events to what the live projection had', async () => {
    // Some of every state: active general and per page, withdrawn, expired.
    const active = await publish({ message: 'Stays up', sitePath: '/team' });
    const withdrawn = await publish({ message: 'Taken down' });
    const expiring = await publish({
      message: 'Soon gone',
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    const last = (await withdraw(withdrawn.announcement.id)).body.position;
    await pause(1100);
    const live = await staffList(latestPosition([active.position, expiring.position, last]));
    const liveMine = await mine('/team', last);
    expect(live.map((a) => [a.id, a.state])).toEqual(
      expect.arrayContaining([
        [active.announcement.id, 'active'],
        [withdrawn.announcement.id, 'withdrawn'],
        [expiring.announcement.id, 'expired'],
      ]),
    );

    // Damage the read model behind the platform's back, then rebuild it from the events.
    await platform.pool.query(`UPDATE rm_announcements SET message = 'corrupted', withdrawn_at = NULL`);
    const rebuild = await call(platform.url, '/api/staff/v1/projections/announcements/rebuild', {
      json: {},
      token: STAFF_TOKEN,
    });
    expect({ status: rebuild.status, body: rebuild.body }).toEqual({
      status: 200,
      body: { name: 'announcements', state: 'rebuilding' },
    });
    // X-Min-Position waits until the rebuilt projection is running again and past the position.
    expect(await staffList(last)).toEqual(live);
    expect(await mine('/team', last)).toEqual(liveMine);
    await withdraw(active.announcement.id);
  });
});
