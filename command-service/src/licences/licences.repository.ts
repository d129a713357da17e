import type { Pool, PoolClient } from 'pg';

/*
 * The licence side's own rows: key code -> holder (licence_key_codes) and the products a redeemed key
 * grants (identity_licence_grants, read by authentication). Every statement on them is here.
 */

/** The holder whose licence a key code belongs to, if any. */
export async function holderOfKey(pool: Pool, code: string): Promise<string | undefined> {
  const { rows } = await pool.query<{ holder_id: string }>(
    'SELECT holder_id FROM licence_key_codes WHERE code = $1',
    [code],
  );
  return rows[0]?.holder_id;
}

/** Reserves a new key code for its holder; false when the code is taken already. */
export async function recordKeyCode(client: PoolClient, code: string, holderId: string): Promise<boolean> {
  const { rowCount } = await client.query(
    'INSERT INTO licence_key_codes (code, holder_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [code, holderId],
  );
  return rowCount === 1;
}

/** A redemption's products, owned by the learner until `expiresAt`. */
export async function grantLicence(
  client: PoolClient,
  grant: { userId: string; code: string; holderId: string; products: readonly string[]; expiresAt: string },
): Promise<void> {
  await client.query(
    `INSERT INTO identity_licence_grants (user_id, key_code, product, holder_id, expires_at)
     SELECT $1, $2, p, $3, $5 FROM unnest($4::text[]) AS p
     ON CONFLICT (user_id, key_code, product) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
    [grant.userId, grant.code, grant.holderId, grant.products, grant.expiresAt],
  );
}
