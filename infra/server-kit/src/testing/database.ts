import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/**
 * A fresh database on the test server started by jest's global setup, with the given migrations
 * applied. Fails (never skips) when there is no server: the suites need real PostgreSQL.
 */
export async function createTestDatabase(migrate: (url: string) => Promise<unknown>): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl)
    throw new Error(
      'TEST_PG_ADMIN_URL is not set: run the suites through jest (global setup starts PostgreSQL).',
    );
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new Client(adminUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new Client(adminUrl);
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
