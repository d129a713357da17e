import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/database';
import { type MigrationSet, extendMigrations, migrate } from './database';

/** Two folders of migrations recorded in one table, as the kit's schema and a service's own. */
let base: MigrationSet;
let extended: MigrationSet;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  const kitDir = await mkdtemp(path.join(os.tmpdir(), 'kit-migrations-'));
  const serviceDir = await mkdtemp(path.join(os.tmpdir(), 'service-migrations-'));
  await writeFile(path.join(kitDir, '1000000000000_first.sql'), 'CREATE TABLE first (id int);');
  await writeFile(path.join(serviceDir, '1000000000001_own.sql'), 'CREATE TABLE own (id int);');
  await writeFile(path.join(kitDir, '1000000000002_second.sql'), 'CREATE TABLE second (id int);');
  base = { dirs: [kitDir], table: 'pgmigrations_test' };
  extended = extendMigrations(base, serviceDir);
});
afterAll(async () => {
  await Promise.all(databases.map((db) => db.drop()));
});

async function freshDatabase(): Promise<string> {
  const db = await createTestDatabase(async () => undefined);
  databases.push(db);
  return db.url;
}

async function applied(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT name FROM pgmigrations_test ORDER BY id');
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

test('a set spanning two folders applies their files in timestamp order, once', async () => {
  const url = await freshDatabase();
  expect(await migrate(url, extended)).toEqual([
    '1000000000000_first',
    '1000000000001_own',
    '1000000000002_second',
  ]);
  expect(await migrate(url, extended)).toEqual([]);
  expect(await applied(url)).toEqual(['1000000000000_first', '1000000000001_own', '1000000000002_second']);
});

test('the base set after its superset ran applies nothing (the read side on a database the write side made)', async () => {
  const url = await freshDatabase();
  await migrate(url, extended);
  expect(await migrate(url, base)).toEqual([]);
});

test('the superset after the base set ran adds only its own files', async () => {
  const url = await freshDatabase();
  expect(await migrate(url, base)).toEqual(['1000000000000_first', '1000000000002_second']);
  expect(await migrate(url, extended)).toEqual(['1000000000001_own']);
});

test('a missing migration before an applied one refuses to run', async () => {
  const url = await freshDatabase();
  await migrate(url, extended);
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(`DELETE FROM pgmigrations_test WHERE name = '1000000000000_first'`);
  await client.end();
  await expect(migrate(url, base)).rejects.toThrow(
    'Migration 1000000000000_first is missing before the applied 1000000000002_second',
  );
});
