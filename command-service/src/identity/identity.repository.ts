import { randomBytes, randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
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
): Promise<IssuedSession> {
  // Dead sessions of this user go as a new one comes: the table holds live sessions, not history
  // (the events keep that).
  await client.query(
    `DELETE FROM identity_sessions
      WHERE user_id = $1 AND (expires_at < now() OR revoked_at < now() - interval '1 day')`,
    [userId],
  );
  const token = SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await client.query(
    `INSERT INTO identity_sessions (session_id, token_hash, user_id, provider, roles_at_issue, expires_at)
     SELECT $1, $2, $3, $4, roles, now() + make_interval(secs => $5::double precision / 1000)
       FROM identity_users WHERE user_id = $3`,
    [sessionId, hashToken(token), userId, provider, SESSION_LIFETIME_MS],
  );
  return { sessionId, token };
}
