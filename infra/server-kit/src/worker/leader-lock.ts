import type { Pool, PoolClient } from 'pg';

/**
 * A session-level PostgreSQL advisory lock on its own connection: the process holding it is the one
 * that works (a projection runner, the event forwarder); the others stand by and try again. The lock
 * dies with its connection, so a crashed process frees it at once.
 */
export class LeaderLock {
  private client: PoolClient | undefined;

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
    const client = await this.pool.connect();
    try {
      const result = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [this.key],
      );
      if (!result.rows[0].locked) {
        client.release();
        return 'taken';
      }
      client.on('error', () => {
        // The lock died with its connection; take it again before the next batch.
        if (this.client === client) this.client = undefined;
      });
      this.client = client;
      return 'newly';
    } catch (error) {
      client.release(true);
      throw error;
    }
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (!client) return;
    try {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [this.key]);
      client.release();
    } catch {
      client.release(true);
    }
  }
}
