import { randomBytes, randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { type OAuthProvider, type Role, SESSION_LIFETIME_MS, SESSION_TOKEN_PREFIX } from '@app/contracts';
import { hashToken } from '@app/server-kit';

/*
 * Identity's state tables (see the identity migration). Every function takes the client of the
 * transaction that also appends the matching events, so tables and events never disagree.
 */

export type ProviderIdentity = {
  provider: OAuthProvider;
  providerUserId: string;
  email: string | null;
  name: string | null;
  avatarUrl: string | null;
};

export type UserState = { userId: string; roles: Role[]; wiped: boolean };

/** Finds the account of a provider identity, refreshing its profile, or registers a new one. */
export async function findOrRegister(
  client: PoolClient,
  identity: ProviderIdentity,
): Promise<{ userId: string; registered: boolean }> {
  const found = await client.query<{ user_id: string }>(
    `UPDATE identity_profiles
        SET email = COALESCE($3, email), name = COALESCE($4, name),
            avatar_url = COALESCE($5, avatar_url), updated_at = now()
      WHERE provider = $1 AND provider_user_id = $2
      RETURNING user_id`,
    [identity.provider, identity.providerUserId, identity.email, identity.name, identity.avatarUrl],
  );
  if (found.rows[0]) return { userId: found.rows[0].user_id, registered: false };
  const userId = randomUUID();
  await client.query('INSERT INTO identity_users (user_id, provider) VALUES ($1, $2)', [
    userId,
    identity.provider,
  ]);
  const inserted = await client.query(
    `INSERT INTO identity_profiles (user_id, provider, provider_user_id, email, name, avatar_url)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, provider_user_id) DO NOTHING`,
    [userId, identity.provider, identity.providerUserId, identity.email, identity.name, identity.avatarUrl],
  );
  if (inserted.rowCount === 1) return { userId, registered: true };
  // A concurrent first sign-in of the same person registered them: use that account.
  await client.query('DELETE FROM identity_users WHERE user_id = $1', [userId]);
  return findOrRegister(client, identity);
}

/** The user's roles, locking the row so concurrent grants and revokes serialise. */
export async function lockUser(client: PoolClient, userId: string): Promise<UserState | undefined> {
  const { rows } = await client.query<{ roles: Role[]; wiped_at: Date | null }>(
    'SELECT roles, wiped_at FROM identity_users WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  return row && { userId, roles: row.roles, wiped: row.wiped_at !== null };
}

/** The products a learner owns through purchases (what authentication reads with the roles). */
export async function setSubscriptions(
  client: PoolClient,
  userId: string,
  subscriptions: readonly string[],
): Promise<void> {
  await client.query('UPDATE identity_users SET subscriptions = $2 WHERE user_id = $1', [
    userId,
    subscriptions,
  ]);
}

export async function setRoles(client: PoolClient, userId: string, roles: readonly Role[]): Promise<void> {
  await client.query('UPDATE identity_users SET roles = $2 WHERE user_id = $1', [userId, roles]);
}

export type IssuedSession = { sessionId: string; token: string };

/** A new session: 32 random bytes behind the prefix; only the token's hash is stored. */
export async function issueSession(
  client: PoolClient,
  userId: string,
  provider: OAuthProvider,
  sessionId: string = randomUUID(),
): Promise<IssuedSession> {
  // Dead sessions of this user go as a new one comes: the table holds live sessions, not history
  // (the events keep that).
  await client.query(
    `DELETE FROM identity_sessions
      WHERE user_id = $1 AND (expires_at < now() OR revoked_at < now() - interval '1 day')`,
    [userId],
  );
  const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  await client.query(
    `INSERT INTO identity_sessions (session_id, token_hash, user_id, provider, roles_at_issue, expires_at)
     SELECT $1, $2, $3, $4, roles, now() + make_interval(secs => $5::double precision / 1000)
       FROM identity_users WHERE user_id = $3`,
    [sessionId, hashToken(token), userId, provider, SESSION_LIFETIME_MS],
  );
  return { sessionId, token };
}

/** A session being refreshed: what it was issued with, and the account's roles now. */
export type RefreshedSession = { rolesAtIssue: Role[]; provider: OAuthProvider; roles: Role[] };

/**
 * Shortens a live session to at most `graceSeconds` from now (calls in flight with it still pass)
 * and answers it; undefined when it is revoked or gone.
 */
export async function shortenSession(
  client: PoolClient,
  sessionId: string,
  graceSeconds: number,
): Promise<RefreshedSession | undefined> {
  const { rows } = await client.query<{ roles_at_issue: Role[]; provider: OAuthProvider; roles: Role[] }>(
    `UPDATE identity_sessions s
        SET expires_at = LEAST(s.expires_at, now() + make_interval(secs => $2))
       FROM identity_users u
      WHERE s.session_id = $1 AND u.user_id = s.user_id AND s.revoked_at IS NULL
      RETURNING s.roles_at_issue, s.provider, u.roles`,
    [sessionId, graceSeconds],
  );
  const row = rows[0];
  return row && { rolesAtIssue: row.roles_at_issue, provider: row.provider, roles: row.roles };
}

/** Ends one session by its own logout now (nothing when it is revoked already). */
export async function signOutSession(client: PoolClient, sessionId: string): Promise<void> {
  await client.query(
    'UPDATE identity_sessions SET revoked_at = now(), signed_out = true WHERE session_id = $1 AND revoked_at IS NULL',
    [sessionId],
  );
}

/** The ids of a user's live sessions, locked until the transaction ends. */
export async function liveSessionsOf(client: PoolClient, userId: string): Promise<string[]> {
  const { rows } = await client.query<{ session_id: string }>(
    `SELECT session_id FROM identity_sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      FOR UPDATE`,
    [userId],
  );
  return rows.map((row) => row.session_id);
}

/** Revokes these sessions now. */
export async function revokeSessions(client: PoolClient, sessionIds: readonly string[]): Promise<void> {
  await client.query(
    'UPDATE identity_sessions SET revoked_at = now() WHERE session_id = ANY($1) AND revoked_at IS NULL',
    [sessionIds],
  );
}

/** Accounts found by email or username (case-insensitive), oldest first, at most 50. */
export async function findUsers(
  pool: Pool,
  by: { email: string | null; username: string | null },
): Promise<{ userId: string; roles: Role[]; createdAt: Date }[]> {
  const { rows } = await pool.query<{ user_id: string; roles: Role[]; created_at: Date }>(
    `SELECT u.user_id, u.roles, u.created_at
       FROM identity_profiles p JOIN identity_users u USING (user_id)
      WHERE ($1::text IS NOT NULL AND lower(p.email) = lower($1))
         OR ($2::text IS NOT NULL AND lower(p.username) = lower($2))
      ORDER BY u.created_at LIMIT 50`,
    [by.email, by.username],
  );
  return rows.map((r) => ({ userId: r.user_id, roles: r.roles, createdAt: r.created_at }));
}

/** Sets the public username; false when another account holds it (the unique index decides). */
export async function setUsername(client: PoolClient, userId: string, username: string): Promise<boolean> {
  try {
    await client.query('SAVEPOINT set_username');
    await client.query('UPDATE identity_profiles SET username = $2, updated_at = now() WHERE user_id = $1', [
      userId,
      username,
    ]);
    await client.query('RELEASE SAVEPOINT set_username');
    return true;
  } catch (error) {
    if ((error as { constraint?: string }).constraint !== 'identity_profiles_username_key') throw error;
    await client.query('ROLLBACK TO SAVEPOINT set_username');
    return false;
  }
}

/**
 * Tables of the command side holding rows keyed by user. Every capability that stores per-user state
 * outside events adds its table here, so a wipe reaches it.
 */
const PER_USER_TABLES = [
  'identity_profiles',
  'identity_sessions',
  'identity_screen_leases',
  'user_data_documents',
] as const;

/** An account wiped: no roles, no products, and every per-user row of the command side gone. */
export async function wipeUser(client: PoolClient, userId: string): Promise<void> {
  await client.query(
    `UPDATE identity_users SET wiped_at = now(), roles = '{}', subscriptions = '{}' WHERE user_id = $1`,
    [userId],
  );
  for (const table of PER_USER_TABLES) {
    await client.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
}

/**
 * The user's screen lease, locked until the transaction ends, and the database's now (the clock the
 * lease's expiry is written with). The row exists before it is locked, so two first acquisitions
 * serialise on it too.
 */
export async function lockScreenLease(
  client: PoolClient,
  userId: string,
): Promise<{ lease: { machineUuid: string; expiresAt: Date }; now: Date }> {
  await client.query(
    `INSERT INTO identity_screen_leases (user_id, machine_uuid, expires_at)
     VALUES ($1, '', 'epoch') ON CONFLICT (user_id) DO NOTHING`,
    [userId],
  );
  const { rows } = await client.query<{ machine_uuid: string; expires_at: Date; now: Date }>(
    'SELECT machine_uuid, expires_at, now() AS now FROM identity_screen_leases WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  return { lease: { machineUuid: row.machine_uuid, expiresAt: row.expires_at }, now: row.now };
}

/** Gives the lease to a machine for `ttlSeconds` from now. */
export async function holdScreenLease(
  client: PoolClient,
  userId: string,
  machineUuid: string,
  ttlSeconds: number,
): Promise<void> {
  await client.query(
    `UPDATE identity_screen_leases SET machine_uuid = $2, expires_at = now() + make_interval(secs => $3)
      WHERE user_id = $1`,
    [userId, machineUuid, ttlSeconds],
  );
}

/** The region the account's prices are in; the session reads it from here on its next request. */
export async function setProfileRegion(client: PoolClient, userId: string, region: string): Promise<void> {
  await client.query('UPDATE identity_profiles SET region = $2, updated_at = now() WHERE user_id = $1', [
    userId,
    region,
  ]);
}
