import { Client, type ClientConfig } from 'pg';
import type { Principal } from '@app/contracts';

/** The channel the identity tables' triggers notify, with the user's id (migration identity-changes-notify). */
export const IDENTITY_CHANGED_CHANNEL = 'identity_changed';

/** The application_name of each process's listening connection. */
export const PRINCIPAL_CACHE_APPLICATION = 'principal-cache';

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

export type PrincipalCacheOptions = {
  /** Entries kept at most; the oldest go first. */
  capacity: number;
  /** Longest an entry is trusted without a notification, as a bound on anything a trigger cannot see. */
  maxAgeMs: number;
  /** Wait before listening again after the connection broke. */
  reconnectMs: number;
};

export const defaultPrincipalCacheOptions: PrincipalCacheOptions = {
  capacity: 20_000,
  maxAgeMs: 60_000,
  reconnectMs: 1000,
};

type Entry = { principal: UserPrincipal; validUntil: number };

/**
 * Signed-in callers this process has authenticated, by the digest of their token, so that a call does not
 * read the session, the roles and the products again. The identity tables notify every change of a user
 * (IDENTITY_CHANGED_CHANNEL) and the user's entries are dropped as the notification arrives. A
 * notification reaches the listener a moment after its commit, so an entry is only used after a round
 * trip on the listening connection that began after the call arrived (`lookup`): PostgreSQL sends a
 * listener the notifications committed before a statement ahead of that statement's answer, so every
 * change committed before the call is in effect for it (a revocation answered is a revocation done). The
 * round trips are shared: all the calls that arrive while one is on its way wait for the next one. While
 * the process is not listening (starting, or the connection broke) nothing is cached and every call reads
 * the database.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private client: Client | undefined;
  private listening = false;
  private stopped = true;
  private reconnectTimer: NodeJS.Timeout | undefined;
  /** Bumped by every notification: an answer read before a change must not be cached after it. */
  private generation = 0;
  private readonly options: PrincipalCacheOptions;
  private readonly changeWaiters = new Set<(userId: string) => void>();
  /** The round trip on its way on the listening connection, and the one the calls since then wait for. */
  private syncing: Promise<void> | undefined;
  private nextSync: Promise<void> | undefined;
  readonly stats = { hits: 0, misses: 0, invalidations: 0, syncs: 0 };

  constructor(
    private readonly config: ClientConfig,
    options: Partial<PrincipalCacheOptions> = {},
  ) {
    this.options = { ...defaultPrincipalCacheOptions, ...options };
  }

  /** True once notifications arrive: only then are principals kept. */
  get active(): boolean {
    return this.listening;
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.forgetAll();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Marks the start of a database read whose answer may be cached (see put). */
  ticket(): number {
    return this.generation;
  }

  /**
   * The cached principal of a token, once every identity change committed before this call is known here
   * (see the class); undefined when there is none, or it was dropped meanwhile, or the round trip failed.
   */
  async lookup(tokenDigest: string): Promise<UserPrincipal | undefined> {
    if (!this.entries.has(tokenDigest) || !this.listening) return this.get(tokenDigest);
    try {
      await this.sync();
    } catch {
      this.stats.misses++;
      return undefined;
    }
    return this.get(tokenDigest);
  }

  /** Resolves after a round trip on the listening connection that was sent after this call. */
  private sync(): Promise<void> {
    if (!this.syncing) {
      this.syncing = this.roundTrip().finally(() => (this.syncing = undefined));
      return this.syncing;
    }
    // One is on its way already, sent before this call: wait for the next, shared by all who wait now.
    this.nextSync ??= this.syncing
      .catch(() => undefined)
      .then(() => {
        this.nextSync = undefined;
        return this.sync();
      });
    return this.nextSync;
  }

  private async roundTrip(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('not listening');
    this.stats.syncs++;
    await client.query('SELECT 1');
  }

  /** The entry as known now, without the round trip (see lookup). */
  get(tokenDigest: string): UserPrincipal | undefined {
    const entry = this.entries.get(tokenDigest);
    if (!entry || !this.listening) {
      this.stats.misses++;
      return undefined;
    }
    if (entry.validUntil <= Date.now()) {
      this.drop(tokenDigest, entry.principal.userId);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return entry.principal;
  }

  /**
   * Keeps a principal read from the database since `ticket` was taken, until `expiresAt` at the latest
   * (the session's end, or the first licence grant's). Nothing is kept if any change was notified since
   * the read began, or while the process is not listening.
   */
  put(tokenDigest: string, principal: UserPrincipal, expiresAt: number, ticket: number): void {
    if (!this.listening || ticket !== this.generation) return;
    const validUntil = Math.min(expiresAt, Date.now() + this.options.maxAgeMs);
    if (validUntil <= Date.now()) return;
    if (this.entries.size >= this.options.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.drop(oldest.value, this.entries.get(oldest.value)!.principal.userId);
    }
    this.entries.set(tokenDigest, { principal, validUntil });
    let tokens = this.byUser.get(principal.userId);
    if (!tokens) this.byUser.set(principal.userId, (tokens = new Set()));
    tokens.add(tokenDigest);
  }

  /** Resolves with the next user whose identity changed (for tests). */
  nextChange(): Promise<string> {
    return new Promise((resolve) => {
      const waiter = (userId: string) => {
        this.changeWaiters.delete(waiter);
        resolve(userId);
      };
      this.changeWaiters.add(waiter);
    });
  }

  get size(): number {
    return this.entries.size;
  }

  private changed(userId: string): void {
    this.generation++;
    this.stats.invalidations++;
    for (const token of this.byUser.get(userId) ?? []) this.entries.delete(token);
    this.byUser.delete(userId);
    for (const waiter of [...this.changeWaiters]) waiter(userId);
  }

  private drop(tokenDigest: string, userId: string): void {
    this.entries.delete(tokenDigest);
    const tokens = this.byUser.get(userId);
    tokens?.delete(tokenDigest);
    if (tokens?.size === 0) this.byUser.delete(userId);
  }

  private forgetAll(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private async connect(): Promise<void> {
    // Named, so that operators (and the tests) can tell the connection apart in pg_stat_activity.
    const client = new Client({ ...this.config, application_name: PRINCIPAL_CACHE_APPLICATION });
    client.on('notification', (message) => {
      if (message.channel === IDENTITY_CHANGED_CHANNEL && message.payload) this.changed(message.payload);
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${IDENTITY_CHANGED_CHANNEL}`);
      if (this.stopped) {
        await client.end();
        return;
      }
      this.client = client;
      this.generation++;
      this.listening = true;
    } catch {
      this.lost(client);
    }
  }

  /** The connection broke: forget everything and read the database until listening again. */
  private lost(client: Client): void {
    if (this.client === client || this.client === undefined) this.forgetAll();
    if (this.client === client) this.client = undefined;
    client.end().catch(() => undefined);
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, this.options.reconnectMs);
  }
}
