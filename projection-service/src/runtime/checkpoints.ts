import type { Pool } from 'pg';
import { type EventPosition, ZERO_POSITION } from '@app/contracts';

export type Checkpoint = {
  name: string;
  position: EventPosition;
  state: 'running' | 'rebuilding';
  eventsProcessed: number;
  rebuildTarget: EventPosition | null;
  rebuildTotal: number | null;
  rebuildDone: number;
  rebuildStartedAt: Date | null;
  rebuildFinishedAt: Date | null;
  updatedAt: Date;
};

type CheckpointRow = {
  name: string;
  xid_text: string;
  position: string;
  state: 'running' | 'rebuilding';
  events_processed: string;
  target_xid_text: string | null;
  rebuild_target_position: string | null;
  rebuild_total: string | null;
  rebuild_done: string;
  rebuild_started_at: Date | null;
  rebuild_finished_at: Date | null;
  updated_at: Date;
};

const COLUMNS = `name, transaction_id::text AS xid_text, position, state, events_processed,
  rebuild_target_transaction_id::text AS target_xid_text, rebuild_target_position, rebuild_total,
  rebuild_done, rebuild_started_at, rebuild_finished_at, updated_at`;

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    position: { transactionId: BigInt(row.xid_text), position: BigInt(row.position) },
    state: row.state,
    eventsProcessed: Number(row.events_processed),
    rebuildTarget:
      row.target_xid_text === null
        ? null
        : { transactionId: BigInt(row.target_xid_text), position: BigInt(row.rebuild_target_position!) },
    rebuildTotal: row.rebuild_total === null ? null : Number(row.rebuild_total),
    rebuildDone: Number(row.rebuild_done),
    rebuildStartedAt: row.rebuild_started_at,
    rebuildFinishedAt: row.rebuild_finished_at,
    updatedAt: row.updated_at,
  };
}

export class CheckpointStore {
  constructor(private readonly pool: Pool) {}

  async ensure(names: readonly string[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO projection_checkpoints (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`,
      [names],
    );
  }

  async load(name: string): Promise<Checkpoint> {
    const result = await this.pool.query<CheckpointRow>(
      `SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = $1`,
      [name],
    );
    if (!result.rows[0]) return { ...emptyCheckpoint(name) };
    return toCheckpoint(result.rows[0]);
  }

  async loadAll(names?: readonly string[]): Promise<Checkpoint[]> {
    const result = await this.pool.query<CheckpointRow>(
      `SELECT ${COLUMNS} FROM projection_checkpoints WHERE $1::text[] IS NULL OR name = ANY($1) ORDER BY name`,
      [names ?? null],
    );
    return result.rows.map(toCheckpoint);
  }
}

function emptyCheckpoint(name: string): Checkpoint {
  return {
    name,
    position: ZERO_POSITION,
    state: 'running',
    eventsProcessed: 0,
    rebuildTarget: null,
    rebuildTotal: null,
    rebuildDone: 0,
    rebuildStartedAt: null,
    rebuildFinishedAt: null,
    updatedAt: new Date(0),
  };
}
