import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { canonicalJson } from './canonical-json';

/*
 * es_content_blobs: immutable bodies too large for an event (a question's tests), stored once under
 * the digest of their canonical JSON. Every statement on it is here.
 */

/** Stores an immutable blob under its digest (a second write of the same digest does nothing). */
export async function putBlob(pool: Pool, body: unknown): Promise<string> {
  const text = canonicalJson(body);
  const digest = createHash('sha256').update(text).digest('hex');
  // Stored already (every start publishes the same tests again): the body need not travel.
  const known = await pool.query(`SELECT 1 FROM es_content_blobs WHERE sha256 = $1`, [digest]);
  if (known.rowCount) return digest;
  await pool.query(
    `INSERT INTO es_content_blobs (sha256, body, bytes) VALUES ($1, $2::jsonb, $3) ON CONFLICT (sha256) DO NOTHING`,
    [digest, text, Buffer.byteLength(text)],
  );
  return digest;
}

export async function getBlob<T>(pool: Pool, digest: string): Promise<T | undefined> {
  const result = await pool.query<{ body: T }>(`SELECT body FROM es_content_blobs WHERE sha256 = $1`, [
    digest,
  ]);
  return result.rows[0]?.body;
}
