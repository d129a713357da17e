import { Client, type ClientConfig } from 'pg';
import { EVENTS_CHANNEL } from './event-store';

/**
 * One LISTEN connection per process that wakes every reader waiting for new events.
 * Readers always wait with a timeout, so a lost connection only slows them to polling
 * while it reconnects.
 */
export class AppendNotifications {
  private client: Client | undefined;
  private readonly waiters = new Set<() => void>();
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly config: ClientConfig) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Resolves on the next notification or after `timeoutMs`, whichever comes first. */
  wait(timeoutMs: number): Promise<'notified' | 'timeout'> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve('notified');
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve('timeout');
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  /** Wakes waiters of this process at once (used after a local append or on shutdown). */
  wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.wakeAll();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client(this.config);
    client.on('notification', () => this.wakeAll());
    client.on('error', () => this.scheduleReconnect(client));
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      this.client = client;
      this.wakeAll();
    } catch {
      this.scheduleReconnect(client);
    }
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.reconnectTimer) return;
    if (this.client === client) this.client = undefined;
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, 1000);
  }
}
