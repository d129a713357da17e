import { createHmac } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Pool, type PoolClient, DatabaseError } from 'pg';
import Cursor from 'pg-cursor';
import {
  ANALYTICS_ROLE,
  ANALYTICS_ROW_CAP,
  type AnalyticsColumn,
  type AnalyticsParams,
  type AnalyticsResult,
  DomainError,
} from '@app/contracts';
import { CONFIG, PG_POOL, createPool } from '@app/server-kit';
import type { CommandServiceConfig } from '../infrastructure/config';
import { loadSqlParser, prepareAnalyticsSql } from './analytics-sql';

const WORK_MEM = '16MB';

/** Values arrive as PostgreSQL's text; `cell` turns the ones a chart needs into JSON numbers and booleans. */
const rawText = { getTypeParser: () => (value: string) => value };
const NUMBER_TYPES = new Set([21, 23, 26, 700, 701]);
const BIG_NUMBER_TYPES = new Set([20, 1700]);

function cell(value: unknown, typeId: number): unknown {
  if (value === null || typeof value !== 'string') return value;
  if (NUMBER_TYPES.has(typeId)) return Number(value);
  if (BIG_NUMBER_TYPES.has(typeId)) {
    const number = Number(value);
    return Number.isFinite(number) && Math.abs(number) <= Number.MAX_SAFE_INTEGER ? number : value;
  }
  if (typeId === 16) return value === 't';
  if (typeId === 114 || typeId === 3802) return JSON.parse(value) as unknown;
  return value;
}

/** The password of the analysts' role when no ANALYTICS_DATABASE_URL is set: derived, so every instance agrees. */
export function derivedAnalyticsUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const secret = decodeURIComponent(url.password) || decodeURIComponent(url.username);
  url.username = ANALYTICS_ROLE;
  url.password = createHmac('sha256', secret).update(ANALYTICS_ROLE).digest('base64url');
  return url.toString();
}

type Running = { client: PoolClient; analystKey: string; cancelled: boolean };

/**
 * Runs analysts' SQL as the analytics role, whose rights are SELECT on the analytics schema only: one
 * statement (checked by PostgreSQL's parser, and sent with the extended protocol, which refuses a second
 * one), in a READ ONLY transaction that is always rolled back, with the statement limit and work_mem set
 * for it, at most ANALYTICS_ROW_CAP rows read through a cursor (the rest is never fetched), and at most
 * `maxConcurrent` at once. A running query can be cancelled by its run id.
 */
@Injectable()
export class AnalyticsDatabase implements OnApplicationShutdown {
  private readonly pool: Pool;
  private readonly running = new Map<string, Running>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;
  private passwordSet: Promise<void> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: CommandServiceConfig,
    @Inject(PG_POOL) private readonly platformPool: Pool,
  ) {
    const url = config.analytics.url ?? derivedAnalyticsUrl(config.databaseUrl);
    // One connection more than the slots: the cancel call must not wait behind the queries it cancels.
    this.pool = createPool(url, {
      max: config.analytics.maxConcurrent + 1,
      application_name: 'analytics',
      types: rawText,
      statement_timeout: config.analytics.statementTimeoutMs,
    });
  }

  /**
   * Runs one query for `analystKey` (a user id, or the operator): the result, or a DomainError. When
   * `abandoned` aborts (the caller went away), the query is cancelled as the cancel call would.
   */
  async run(
    runId: string,
    analystKey: string,
    sql: string,
    params: AnalyticsParams,
    abandoned?: AbortSignal,
  ): Promise<AnalyticsResult> {
    await loadSqlParser();
    const prepared = prepareAnalyticsSql(sql, params);
    if (prepared instanceof DomainError) throw prepared;
    await this.takeSlot();
    const started = performance.now();
    let client: PoolClient | undefined;
    try {
      client = await this.connect();
      const entry: Running = { client, analystKey, cancelled: false };
      this.running.set(runId, entry);
      const cancelAbandoned = () => void this.cancel(runId, analystKey).catch(() => undefined);
      abandoned?.addEventListener('abort', cancelAbandoned, { once: true });
      try {
        // Gone while it waited for a slot: it never starts.
        if (abandoned?.aborted)
          throw new DomainError('ANALYTICS_QUERY_CANCELLED', 'The query was cancelled.');
        await client.query('BEGIN READ ONLY');
        await client.query(`SET LOCAL statement_timeout = ${this.config.analytics.statementTimeoutMs}`);
        await client.query(`SET LOCAL work_mem = '${WORK_MEM}'`);
        const cursor = client.query(
          new Cursor(prepared.text, prepared.values, { rowMode: 'array', types: rawText }),
        );
        const rows = await readRows(cursor, ANALYTICS_ROW_CAP + 1);
        const fields = cursorFields(cursor);
        await cursor.close();
        const columns = await this.columnsOf(client, fields);
        const truncated = rows.length > ANALYTICS_ROW_CAP;
        const kept = truncated ? rows.slice(0, ANALYTICS_ROW_CAP) : rows;
        return {
          columns,
          rows: kept.map((row) => row.map((value, i) => cell(value, fields[i].dataTypeID))),
          truncated,
          durationMs: Math.round(performance.now() - started),
        };
      } catch (error) {
        throw asDomainError(error, entry.cancelled);
      } finally {
        abandoned?.removeEventListener('abort', cancelAbandoned);
        this.running.delete(runId);
        await client.query('ROLLBACK').catch(() => undefined);
      }
    } finally {
      client?.release();
      this.releaseSlot();
    }
  }

  /** Cancels the analyst's running query; false when no query of theirs runs under that id. */
  async cancel(runId: string, analystKey: string): Promise<boolean> {
    const entry = this.running.get(runId);
    if (!entry || entry.analystKey !== analystKey) return false;
    entry.cancelled = true;
    // A role may signal its own backends; the query's connection is the analysts' role.
    const { rows } = await this.pool.query<{ cancelled: string }>(
      'SELECT pg_cancel_backend($1) AS cancelled',
      [(entry.client as PoolClient & { processID: number }).processID],
    );
    // This pool reads every value as PostgreSQL's text.
    return rows[0]?.cancelled === 't';
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }

  private async connect(): Promise<PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      // The derived password is set on first use (and again after a cluster's role was re-created).
      if (this.config.analytics.url || !(error instanceof DatabaseError) || error.code !== '28P01')
        throw error;
      this.passwordSet ??= this.setDerivedPassword().finally(() => (this.passwordSet = undefined));
      await this.passwordSet;
      return this.pool.connect();
    }
  }

  private async setDerivedPassword(): Promise<void> {
    const password = new URL(derivedAnalyticsUrl(this.config.databaseUrl)).password;
    const client = await this.platformPool.connect();
    try {
      await client.query(`ALTER ROLE ${ANALYTICS_ROLE} PASSWORD ${client.escapeLiteral(password)}`);
    } catch (error) {
      // Another instance (or test database of the cluster) set the same password at the same moment.
      if (!(error instanceof DatabaseError) || error.code !== 'XX000') throw error;
    } finally {
      client.release();
    }
  }

  private readonly typeNames = new Map<number, string>();

  private async columnsOf(client: PoolClient, fields: Field[]): Promise<AnalyticsColumn[]> {
    const unknown = [...new Set(fields.map((f) => f.dataTypeID).filter((id) => !this.typeNames.has(id)))];
    if (unknown.length > 0) {
      const { rows } = await client.query<{ oid: string; name: string }>(
        'SELECT oid::int8 AS oid, typname AS name FROM pg_catalog.pg_type WHERE oid = ANY($1::oid[])',
        [unknown],
      );
      for (const row of rows) this.typeNames.set(Number(row.oid), row.name);
    }
    return fields.map((f) => ({
      name: f.name,
      type: this.typeNames.get(f.dataTypeID) ?? String(f.dataTypeID),
    }));
  }

  private takeSlot(): Promise<void> {
    if (this.active < this.config.analytics.maxConcurrent) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        this.active++;
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(wake), 1);
        reject(
          new DomainError(
            'ANALYTICS_BUSY',
            `${this.config.analytics.maxConcurrent} analytics queries are running; try again in a moment.`,
          ),
        );
      }, this.config.analytics.queueWaitMs);
      this.waiting.push(wake);
    });
  }

  private releaseSlot(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

type Field = { name: string; dataTypeID: number };

function readRows(cursor: Cursor, count: number): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    cursor.read(count, (error, rows) => (error ? reject(error) : resolve(rows as unknown as unknown[][])));
  });
}

/** The columns the cursor's RowDescription named (pg-cursor keeps them on its result). */
function cursorFields(cursor: Cursor): Field[] {
  return (cursor as unknown as { _result: { fields: Field[] } })._result.fields;
}

/** PostgreSQL's refusals in words an analyst can act on. */
function asDomainError(error: unknown, cancelled: boolean): unknown {
  if (error instanceof DomainError || !(error instanceof DatabaseError)) return error;
  if (error.code === '57014') {
    return cancelled
      ? new DomainError('ANALYTICS_QUERY_CANCELLED', 'The query was cancelled.')
      : new DomainError('ANALYTICS_QUERY_TIMEOUT', 'The query ran past the statement limit and was stopped.');
  }
  return new DomainError('ANALYTICS_QUERY_FAILED', `PostgreSQL refused the query: ${error.message}.`);
}
