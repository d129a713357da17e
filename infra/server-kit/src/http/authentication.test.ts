import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { DomainError, SESSION_TOKEN_PREFIX } from '@app/contracts';
import { createPool, createTestDatabase, eventStoreMigrations, migrate, type TestDatabase } from '../index';
import { SessionAuthenticator, hashToken } from './authentication';
import { PRINCIPAL_CACHE_APPLICATION } from './principal-cache';

let db: TestDatabase;
let pool: Pool;
let authenticator: SessionAuthenticator;

beforeAll(async () => {
  db = await createTestDatabase((url) => migrate(url, eventStoreMigrations));
  pool = createPool(db.url, { max: 5 });
  authenticator = new SessionAuthenticator(pool);
  await authenticator.onModuleInit();
});
afterAll(async () => {
  await authenticator.onApplicationShutdown();
  await pool.end();
  await db.drop();
});

/** A user with one live session, written the way identity writes them; answers the token. */
async function signedIn(subscriptions: string[] = []): Promise<{ userId: string; token: string }> {
  const userId = randomUUID();
  const token = `${SESSION_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await pool.query(
    `INSERT INTO identity_users (user_id, provider, subscriptions) VALUES ($1, 'github', $2)`,
    [userId, subscriptions],
  );
  await pool.query(
    `INSERT INTO identity_sessions (session_id, token_hash, user_id, provider, roles_at_issue, expires_at)
     VALUES ($1, $2, $3, 'github', '{}', now() + interval '1 day')`,
    [randomUUID(), hashToken(token), userId],
  );
  return { userId, token };
}

/** A fresh request each time, as each HTTP call is (the per-request memo must not hide the cache). */
const callWith = (token: string) =>
  authenticator.authenticate({ headers: { authorization: `Bearer ${token}` } });

async function refusal(token: string): Promise<string> {
  try {
    await callWith(token);
    return 'accepted';
  } catch (error) {
    return error instanceof DomainError ? error.code : String(error);
  }
}

/**
 * Commits a change, without waiting for its notification: the very next call must see it (the cache's
 * round trip on its listening connection brings every notification committed before the call).
 */
async function change(_userId: string, sql: string, values: unknown[]): Promise<void> {
  await pool.query(sql, values);
}

it('reads a session once, then answers the same token from memory', async () => {
  expect(authenticator.cache.active).toBe(true);
  const user = await signedIn(['algoexpert']);
  const before = { ...authenticator.cache.stats };
  const first = await callWith(user.token);
  const second = await callWith(user.token);
  expect(second).toBe(first);
  expect(first).toMatchObject({ kind: 'user', userId: user.userId, products: ['algoexpert'] });
  expect(authenticator.cache.stats.misses - before.misses).toBe(1);
  expect(authenticator.cache.stats.hits - before.hits).toBe(1);
  expect(Object.isFrozen(first)).toBe(true);
});

it.each([
  [
    'a revoked session',
    `UPDATE identity_sessions SET revoked_at = now() WHERE user_id = $1`,
    'TOKEN_EXPIRED',
  ],
  [
    'a sign-out',
    `UPDATE identity_sessions SET revoked_at = now(), signed_out = true WHERE user_id = $1`,
    'SIGNED_OUT',
  ],
  [
    'a shortened session',
    `UPDATE identity_sessions SET expires_at = now() WHERE user_id = $1`,
    'TOKEN_EXPIRED',
  ],
  ['a wiped account', `UPDATE identity_users SET wiped_at = now() WHERE user_id = $1`, 'INVALID_TOKEN'],
])('%s takes effect on the next call', async (_what, sql, code) => {
  const user = await signedIn();
  await callWith(user.token);
  await change(user.userId, sql, [user.userId]);
  expect(await refusal(user.token)).toBe(code);
});

it('a subscription, a licence grant and a role change what the next call owns', async () => {
  const user = await signedIn();
  expect(await callWith(user.token)).toMatchObject({ products: [] });
  await change(
    user.userId,
    `UPDATE identity_users SET subscriptions = '{systemsexpert}' WHERE user_id = $1`,
    [user.userId],
  );
  expect(await callWith(user.token)).toMatchObject({ products: ['systemsexpert'] });
  await change(
    user.userId,
    `INSERT INTO identity_licence_grants (user_id, key_code, product, holder_id, expires_at)
     VALUES ($1, 'K1', 'mlexpert', $1, now() + interval '1 year')`,
    [user.userId],
  );
  expect(await callWith(user.token)).toMatchObject({
    products: expect.arrayContaining(['systemsexpert', 'mlexpert']),
  });
  await change(user.userId, `UPDATE identity_users SET roles = '{staff}' WHERE user_id = $1`, [user.userId]);
  expect(await callWith(user.token)).toMatchObject({ roles: ['staff'] });
});

it('keeps an entry no longer than the first licence grant it counted lasts', async () => {
  const user = await signedIn();
  await change(
    user.userId,
    `INSERT INTO identity_licence_grants (user_id, key_code, product, holder_id, expires_at)
     VALUES ($1, 'K2', 'frontendexpert', $1, now() + interval '300 milliseconds')`,
    [user.userId],
  );
  expect(await callWith(user.token)).toMatchObject({ products: ['frontendexpert'] });
  await new Promise((resolve) => setTimeout(resolve, 400));
  // No notification comes when time runs out; the entry's own bound sends the call to the database.
  expect(await callWith(user.token)).toMatchObject({ products: [] });
});

it('many calls arriving together share the round trips that make a cached answer safe', async () => {
  const user = await signedIn();
  await callWith(user.token);
  const before = { ...authenticator.cache.stats };
  const answers = await Promise.all(Array.from({ length: 50 }, () => callWith(user.token)));
  expect(new Set(answers).size).toBe(1);
  expect(authenticator.cache.stats.hits - before.hits).toBe(50);
  // The first call's round trip, then one shared by all who arrived while it was on its way.
  expect(authenticator.cache.stats.syncs - before.syncs).toBeLessThanOrEqual(2);
});

it('another user’s change leaves a cached caller cached; an answer read across a change is not kept', async () => {
  const [a, b] = [await signedIn(), await signedIn()];
  await callWith(a.token);
  const heard = authenticator.cache.nextChange();
  await change(b.userId, `UPDATE identity_users SET roles = '{staff}' WHERE user_id = $1`, [b.userId]);
  expect(await heard).toBe(b.userId);
  const hits = authenticator.cache.stats.hits;
  await callWith(a.token);
  expect(authenticator.cache.stats.hits).toBe(hits + 1);

  // A ticket taken before a change: what was read with it is not kept.
  const ticket = authenticator.cache.ticket();
  const principal = await callWith(b.token);
  const size = authenticator.cache.size;
  const heardAgain = authenticator.cache.nextChange();
  await change(b.userId, `UPDATE identity_users SET roles = '{}' WHERE user_id = $1`, [b.userId]);
  expect(await heardAgain).toBe(b.userId);
  if (principal.kind !== 'user') throw new Error('expected a user');
  authenticator.cache.put('stale', principal, Date.now() + 60_000, ticket);
  expect(authenticator.cache.size).toBe(size - 1);
});

it('caches nothing while it is not listening, and forgets everything when the connection breaks', async () => {
  const user = await signedIn();
  await callWith(user.token);
  expect(authenticator.cache.size).toBeGreaterThan(0);
  // The listening connection is cut from the server side (a restart, a network fault).
  await pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = $1`,
    [PRINCIPAL_CACHE_APPLICATION],
  );
  for (let i = 0; i < 100 && authenticator.cache.active; i++) await new Promise((r) => setTimeout(r, 10));
  expect(authenticator.cache.active).toBe(false);
  expect(authenticator.cache.size).toBe(0);
  // Meanwhile every call reads the database: a revocation counts at once.
  await pool.query(`UPDATE identity_sessions SET revoked_at = now() WHERE user_id = $1`, [user.userId]);
  expect(await refusal(user.token)).toBe('TOKEN_EXPIRED');
  // It listens again by itself.
  for (let i = 0; i < 300 && !authenticator.cache.active; i++) await new Promise((r) => setTimeout(r, 10));
  expect(authenticator.cache.active).toBe(true);
});
