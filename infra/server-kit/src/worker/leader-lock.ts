import { Client, type Pool } from 'pg';

/**
 * A session-level PostgreSQL advisory lock on its own connection: the process holding it is the one
 * that works (a projection runner, the event forwarder); the others stand by and try again. The lock
 * dies with its connection, so a crashed process frees it at once.
 *
 * The connection is opened with the pool's settings but outside the pool: a process holds one lock
 * per projection, and locks held on pooled clients would leave no client for the work itself once
 * there are as many projections as the pool's size.
 */
export class LeaderLock {
  private client: Client | undefined;

  constructor(
    private readonly pool: Pool,
    /** Any text; PostgreSQL hashes it to the lock's key (`hashtext`). */
    private readonly key: string,
  ) {}

  get held(): boolean {
    return this.client !== undefined;
  }

  /** Answers whether this process holds the lock now; `newly` when it has just taken it. */
  async acquire(): Promise<'held' | 'newly' | 'taken'> {
    if (this.client) return 'held';
    const client = new Client(this.pool.options);
    client.on('error', () => {
      // The lock died with its connection; take it again before the next batch.
      if (this.client === client) this.client = undefined;
    });
    try {
      await client.connect();
      const result = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [this.key],
      );
      if (!result.rows[0].locked) {
        await client.end();
        return 'taken';
      }
      this.client = client;
      return 'newly';
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    // Ending the session frees its advisory locks.
    await client.end().catch(() => undefined);
  }
}
