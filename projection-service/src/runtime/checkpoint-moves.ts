import type { Pool } from 'pg';
import type { EventPosition } from '@app/contracts';
import type { Checkpoint } from './checkpoints';

/** One runner's move past a batch with nothing of its projection's. */
export type CheckpointMove = {
  name: string;
  from: EventPosition;
  to: EventPosition;
  /** Events moved past (they count as processed, and as rebuilt while rebuilding). */
  events: number;
};

type Pending = CheckpointMove & {
  settle: (state: Checkpoint['state'] | undefined) => void;
  fail: (e: unknown) => void;
};

/**
 * Moves the checkpoints of the runners of a process in one statement. An append wakes every runner;
 * most find nothing of theirs in the new events and only move their checkpoint. The moves asked for in
 * the same turn of the event loop go out together, each one still a compare-and-set on the checkpoint
 * its runner read, so the order and the read-your-writes wait see exactly what one statement per runner
 * gave them.
 */
export class CheckpointMoves {
  private pending: Pending[] = [];
  private scheduled = false;
  /** Statements sent and moves they carried (for tests and the bench). */
  readonly sent = { statements: 0, moves: 0 };

  constructor(private readonly pool: Pool) {}

  /** Answers the checkpoint's state after the move, or undefined when someone else moved it first. */
  move(move: CheckpointMove): Promise<Checkpoint['state'] | undefined> {
    return new Promise((settle, fail) => {
      this.pending.push({ ...move, settle, fail });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    // One move per checkpoint per statement (two runners of one projection in a process: tests); the
    // second goes in the next statement, against the checkpoint the first one left.
    const names = new Set<string>();
    const batch: Pending[] = [];
    const later: Pending[] = [];
    for (const m of this.pending) {
      if (names.has(m.name)) later.push(m);
      else {
        names.add(m.name);
        batch.push(m);
      }
    }
    this.pending = later;
    this.scheduled = later.length > 0;
    if (this.scheduled) setImmediate(() => void this.flush());
    this.sent.statements++;
    this.sent.moves += batch.length;
    try {
      const result = await this.pool.query<{ name: string; state: Checkpoint['state'] }>({
        name: 'projection_checkpoint_moves',
        text: `UPDATE projection_checkpoints c SET
             transaction_id = m.tx::xid8,
             position = m.pos,
             events_processed = c.events_processed + m.events,
             rebuild_done = CASE WHEN c.state = 'rebuilding' THEN c.rebuild_done + m.events ELSE c.rebuild_done END,
             rebuild_finished_at = CASE WHEN c.state = 'rebuilding'
                           AND (m.tx::xid8, m.pos) >= (c.rebuild_target_transaction_id, c.rebuild_target_position)
                          THEN clock_timestamp() ELSE c.rebuild_finished_at END,
             state = CASE WHEN c.state = 'rebuilding'
                           AND (m.tx::xid8, m.pos) >= (c.rebuild_target_transaction_id, c.rebuild_target_position)
                          THEN 'running' ELSE c.state END,
             updated_at = clock_timestamp()
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[])
                AS m(name, tx, pos, events, from_tx, from_pos)
           WHERE c.name = m.name AND c.transaction_id = m.from_tx::xid8 AND c.position = m.from_pos
           RETURNING c.name, c.state`,
        values: [
          batch.map((m) => m.name),
          batch.map((m) => m.to.transactionId.toString()),
          batch.map((m) => m.to.position.toString()),
          batch.map((m) => m.events),
          batch.map((m) => m.from.transactionId.toString()),
          batch.map((m) => m.from.position.toString()),
        ],
      });
      const states = new Map(result.rows.map((r) => [r.name, r.state]));
      for (const m of batch) m.settle(states.get(m.name));
    } catch (error) {
      for (const m of batch) m.fail(error);
    }
  }
}
