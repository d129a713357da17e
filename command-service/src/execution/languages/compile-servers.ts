/*
 * Warm compilers: a long-lived compile server per language (Java: javac through javax.tools; Kotlin:
 * K2JVMCompiler; TypeScript: transpileModule) in a box of its own (Sandbox.startServer, box-server.ts),
 * so a Run with new code does not pay a compiler's start (javac about 0.6 s cold, 50 ms warm; Kotlin about
 * 3 s cold, 0.5 s warm; TypeScript 0.4 s cold, a few ms warm).
 *
 * runTests asks `compile(language, plan, timeLimitMs)` before compiling in the run box. The host writes
 * the plan's files into a fresh directory of the server's work dir (`r<random>`), sends the compiler's
 * arguments (the plan's own, with that directory's prefix), and on success reads the plan's declared
 * outputs back with the no-follow reader (Box.readFiles' rules): the run box gets them exactly like a
 * build-cache hit. A compile error comes back as the compiler's text with the directory's prefix removed,
 * so it reads as the box's compile. The directory is removed after each request; requests to one server
 * run one at a time, so no request ever sees another's files.
 *
 * Correct verdicts win over speed: a server that is not running yet, has crashed, answers anything odd
 * (an internal error, a truncated message, outputs the reader refuses) or has too many requests waiting
 * gives `undefined`, and runTests compiles in the run box as before. A request past its time limit kills
 * the server and answers a compile timeout. Servers are started in the background (prewarm, or by the
 * first compile that finds none, which itself goes cold), restarted after `maxCompiles` requests or when
 * their resident memory passes `memoryFraction` of their limit, and stopped after `idleMs` without work.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { functionSignatureSchema } from '@app/contracts';
import type { CodingLanguage } from '@app/contracts';
import type { BoxFile, BoxLimits, BoxServer, Sandbox } from '../sandbox';
import { MAX_BUILD_BYTES } from './build-cache';
import { csharpCompileServer } from './csharp-compile-server';
import { javaCompileServer } from './java';
import { typescriptCompileServer } from './javascript';
import { kotlinCompileServer } from './kotlin';
import type { HarnessPlan, LanguageModule } from './language';
import { languageModules } from './registry';
import { WARMUP_SIGNATURE } from './toolchains';
import type { Toolchains } from './toolchains';

/** How a language's compile server starts and what one request asks of it. */
export type CompileServerSpec = {
  /** The server's program (argv and files for its work dir); undefined when it cannot run here. */
  program(
    toolchains: Toolchains,
    memoryMb: number,
    maxMessageBytes: number,
  ): { argv: string[]; files: BoxFile[] } | undefined;
  /** The compiler's arguments for the plan's compile, its files being under `dir`. */
  request(plan: HarnessPlan, dir: string): string[];
};

export const compileServerSpecs: Partial<Record<CodingLanguage, CompileServerSpec>> = {
  csharp: csharpCompileServer,
  java: javaCompileServer,
  kotlin: kotlinCompileServer,
  typescript: typescriptCompileServer,
};

/** What a server answered for one compile. */
export type ServedCompile =
  | { kind: 'outputs'; files: BoxFile[]; ms: number }
  /** The compiler's own failure (exit code 1), its text as the box's compile would print it. */
  | { kind: 'compileError'; stdout: string; stderr: string; ms: number }
  /** The compile passed its time limit; the server was killed. */
  | { kind: 'timeout'; ms: number };

export type CompileServersOptions = {
  /** Servers' limits for their whole life. */
  limits?: Partial<Omit<BoxLimits, 'timeLimitMs'>>;
  /** Requests before a server is replaced by a fresh one. */
  maxCompiles?: number;
  /** Resident memory (a fraction of the memory limit) past which a server is replaced. */
  memoryFraction?: number;
  /** A server without requests this long is stopped (started again by the next compile). */
  idleMs?: number;
  /** More requests than this waiting for one server: the next compiles in its run box. */
  maxWaiting?: number;
  /** How long a server may take to start and load its compiler. */
  startTimeoutMs?: number;
  /** Compiles of a warm-up source after start, before the server takes requests. */
  warmUpCompiles?: number;
};

export const defaultServerLimits: Omit<BoxLimits, 'timeLimitMs'> = {
  memoryLimitMb: 2048,
  maxProcesses: 256,
  maxOutputBytes: 1024 * 1024,
  workDirSizeMb: 256,
  // Two cores: the JIT's and the collector's threads warm a JVM compiler much sooner (Kotlin about 0.5 s
  // per compile instead of 1.5 s on one core).
  cpuCores: Math.min(2, availableParallelism()),
};

const DEFAULTS = {
  maxCompiles: 500,
  memoryFraction: 0.85,
  idleMs: 30 * 60_000,
  maxWaiting: 8,
  startTimeoutMs: 120_000,
  warmUpCompiles: 8,
};
/** A failed start is not tried again for this long. */
const RETRY_AFTER_MS = 30_000;

export type CompileServerStats = {
  running: boolean;
  starts: number;
  served: number;
  /** Compiles answered by the run box instead (no server, crashed, odd answer, queue full). */
  fallbacks: number;
  timeouts: number;
  crashes: number;
  /** Replaced after maxCompiles or memoryFraction, or stopped when idle. */
  retired: number;
};

type Answer = {
  id?: unknown;
  ready?: unknown;
  exit?: unknown;
  stdout?: unknown;
  stderr?: unknown;
  truncated?: unknown;
  error?: unknown;
};

/** The compile servers of one sandbox and toolchain set: one per language, started on demand. */
export class CompileServers {
  private readonly servers = new Map<CodingLanguage, WarmServer>();
  private closed = false;
  readonly limits: Omit<BoxLimits, 'timeLimitMs'>;
  readonly options: typeof DEFAULTS;

  constructor(
    readonly sandbox: Sandbox,
    readonly toolchains: Toolchains,
    options: CompileServersOptions = {},
  ) {
    this.limits = { ...defaultServerLimits, ...options.limits };
    this.options = {
      maxCompiles: options.maxCompiles ?? DEFAULTS.maxCompiles,
      memoryFraction: options.memoryFraction ?? DEFAULTS.memoryFraction,
      idleMs: options.idleMs ?? DEFAULTS.idleMs,
      maxWaiting: options.maxWaiting ?? DEFAULTS.maxWaiting,
      startTimeoutMs: options.startTimeoutMs ?? DEFAULTS.startTimeoutMs,
      warmUpCompiles: options.warmUpCompiles ?? DEFAULTS.warmUpCompiles,
    };
  }

  /** Whether a language has a compile server that can run here. */
  supports(language: CodingLanguage): boolean {
    return this.serverOf(language) !== undefined;
  }

  /** Starts (and warms) the servers of these languages in the background. */
  prewarm(languages: CodingLanguage[] = Object.keys(compileServerSpecs) as CodingLanguage[]): void {
    for (const language of languages) void this.serverOf(language)?.start();
  }

  /** Starts the language's server if needed and waits until it is warm; false when it cannot run. */
  async ready(language: CodingLanguage): Promise<boolean> {
    const server = this.serverOf(language);
    return server ? (await server.start({ force: true })) !== undefined : false;
  }

  /**
   * The plan's compile, by the language's server: undefined when the caller should compile in the run
   * box (no server for it, not started yet, crashed, an unusual answer).
   */
  compile(
    language: LanguageModule,
    plan: HarnessPlan,
    timeLimitMs: number,
  ): Promise<ServedCompile | undefined> {
    // Only the registry's own modules: another module of the same id may plan differently.
    if (languageModules[language.id] !== language || !plan.compile) return Promise.resolve(undefined);
    const server = this.serverOf(language.id);
    return server ? server.compile(plan, timeLimitMs) : Promise.resolve(undefined);
  }

  /** Kills a language's running server as a crash would: compiles fall back until it is started again. */
  async kill(language: CodingLanguage): Promise<void> {
    await this.servers.get(language)?.kill();
  }

  stats(): Partial<Record<CodingLanguage, CompileServerStats>> {
    return Object.fromEntries([...this.servers].map(([language, server]) => [language, server.stats()]));
  }

  /** Stops every server; later compiles answer undefined. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.servers.values()].map((server) => server.close()));
  }

  private serverOf(language: CodingLanguage): WarmServer | undefined {
    if (this.closed || !this.sandbox.startServer) return undefined;
    let server = this.servers.get(language);
    if (!server) {
      const spec = compileServerSpecs[language];
      const module = languageModules[language];
      if (!spec || !module) return undefined;
      const program = spec.program(this.toolchains, this.limits.memoryLimitMb, this.limits.maxOutputBytes);
      if (!program) return undefined;
      server = new WarmServer(this, module, spec, program);
      this.servers.set(language, server);
    }
    return server;
  }
}

const warmUpSignature = functionSignatureSchema.parse(WARMUP_SIGNATURE);

/** One language's server: at most one process at a time, requests one after another. */
class WarmServer {
  private server: BoxServer | undefined;
  private starting: Promise<BoxServer | undefined> | undefined;
  private retryAt = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private compiles = 0;
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly answers = new Map<string, (answer: Answer) => void>();
  private readonly counts = { starts: 0, served: 0, fallbacks: 0, timeouts: 0, crashes: 0, retired: 0 };

  constructor(
    private readonly owner: CompileServers,
    private readonly language: LanguageModule,
    private readonly spec: CompileServerSpec,
    private readonly program: { argv: string[]; files: BoxFile[] },
  ) {}

  stats(): CompileServerStats {
    return { running: this.server !== undefined, ...this.counts };
  }

  /** The warm server, starting one if none runs (not again soon after a failed start unless forced). */
  start(options: { force?: boolean } = {}): Promise<BoxServer | undefined> {
    if (this.closed) return Promise.resolve(undefined);
    if (this.server) return Promise.resolve(this.server);
    if (this.starting) return this.starting;
    if (!options.force && Date.now() < this.retryAt) return Promise.resolve(undefined);
    this.starting = this.launch().then(
      (server) => {
        this.starting = undefined;
        if (!server) this.retryAt = Date.now() + RETRY_AFTER_MS;
        return server;
      },
      () => {
        this.starting = undefined;
        this.retryAt = Date.now() + RETRY_AFTER_MS;
        return undefined;
      },
    );
    return this.starting;
  }

  compile(plan: HarnessPlan, timeLimitMs: number): Promise<ServedCompile | undefined> {
    if (!this.server || this.waiting >= this.owner.options.maxWaiting) {
      this.counts.fallbacks++;
      if (!this.server) void this.start();
      return Promise.resolve(undefined);
    }
    this.waiting++;
    const turn = this.chain.then(() => this.serve(plan, timeLimitMs));
    this.chain = turn.catch(() => undefined);
    return turn.then(
      (served) => {
        this.waiting--;
        if (served) this.counts.served++;
        else this.counts.fallbacks++;
        return served;
      },
      () => {
        this.waiting--;
        this.counts.fallbacks++;
        return undefined;
      },
    );
  }

  async kill(): Promise<void> {
    await this.server?.kill();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.idleTimer);
    const starting = this.starting;
    await this.retire(this.server);
    // A server still starting is killed by launch() once it sees `closed`.
    await starting;
  }

  private async launch(): Promise<BoxServer | undefined> {
    const { sandbox, limits } = this.owner;
    const server = await sandbox.startServer!({
      argv: this.program.argv,
      files: this.program.files,
      limits,
    });
    this.counts.starts++;
    // Keeps the service alive while the server starts (an idle one does not).
    server.hold(true);
    try {
      return await this.warmUp(server);
    } finally {
      server.hold(false);
    }
  }

  private async warmUp(server: BoxServer): Promise<BoxServer | undefined> {
    const { options } = this.owner;
    let onReady!: () => void;
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    server.onLine((line) => {
      let answer: Answer;
      try {
        answer = JSON.parse(line) as Answer;
      } catch {
        return; // not a protocol line: the request it belonged to times out or the server is retired
      }
      if (!answer || typeof answer !== 'object') return;
      if (answer.ready === true) onReady();
      else if (typeof answer.id === 'string') {
        const resolve = this.answers.get(answer.id);
        this.answers.delete(answer.id);
        resolve?.(answer);
      }
    });
    void server.exited.then(() => {
      if (this.server === server) {
        this.server = undefined;
        this.counts.crashes++;
      }
    });
    const started = await Promise.race([
      ready.then(() => true),
      server.exited.then(() => false),
      sleep(options.startTimeoutMs).then(() => false),
    ]);
    if (!started || this.closed) {
      await server.kill();
      return undefined;
    }
    // A few compiles before taking requests: the compiler's code gets loaded and compiled by the JIT.
    const source = this.language.starter(warmUpSignature);
    for (let i = 0; i < options.warmUpCompiles; i++) {
      const plan = this.language.plan(warmUpSignature, `${source}\n// warm-up ${i}\n`, this.owner.toolchains);
      const served = await this.request(server, plan, options.startTimeoutMs);
      if (!served || served.kind !== 'outputs' || this.closed) {
        await server.kill();
        return undefined;
      }
    }
    this.server = server;
    this.compiles = 0;
    this.touch();
    return server;
  }

  private async serve(plan: HarnessPlan, timeLimitMs: number): Promise<ServedCompile | undefined> {
    const server = this.server;
    if (!server) return undefined;
    try {
      return await this.request(server, plan, timeLimitMs);
    } finally {
      this.compiles++;
      await this.checkHealth(server);
      this.touch();
    }
  }

  /** One compile on `server`; kills it on a timeout or a failure of its own. */
  private async request(
    server: BoxServer,
    plan: HarnessPlan,
    timeLimitMs: number,
  ): Promise<ServedCompile | undefined> {
    const dir = `r${randomBytes(8).toString('hex')}`;
    const id = String(++this.nextId);
    const args = this.spec.request(plan, dir);
    if (args.some((arg) => /[\t\r\n]/.test(arg))) return undefined;
    try {
      await server.writeFiles(plan.files.map((file) => ({ ...file, path: `${dir}/${file.path}` })));
      server.hold(true);
      const started = performance.now();
      const answer = await new Promise<Answer | 'timeout' | 'exited'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeLimitMs);
        const settle = (value: Answer | 'exited') => {
          clearTimeout(timer);
          resolve(value);
        };
        this.answers.set(id, settle);
        void server.exited.then(() => settle('exited'));
        server.send([id, ...args].join('\t'));
      });
      this.answers.delete(id);
      const ms = Math.round(performance.now() - started);
      if (answer === 'timeout') {
        this.counts.timeouts++;
        await this.retire(server);
        return { kind: 'timeout', ms };
      }
      if (answer === 'exited') return undefined;
      if (answer.error !== undefined || typeof answer.exit !== 'number') {
        // The server itself failed (out of memory, say): its state is suspect.
        await this.retire(server);
        return undefined;
      }
      if (answer.truncated !== false) return undefined;
      if (answer.exit === 0) {
        const read = await server.readFiles(
          plan.compile!.outputs.map((output) => `${dir}/${output}`),
          MAX_BUILD_BYTES,
        );
        if ('refused' in read) return undefined;
        const files = read.files.map((file) => ({ ...file, path: file.path.slice(dir.length + 1) }));
        return { kind: 'outputs', files, ms };
      }
      if (answer.exit === 1 && typeof answer.stdout === 'string' && typeof answer.stderr === 'string') {
        const relative = (text: string) =>
          text.split(`${server.workDir}/${dir}/`).join('').split(`${dir}/`).join('');
        return { kind: 'compileError', stdout: relative(answer.stdout), stderr: relative(answer.stderr), ms };
      }
      return undefined;
    } finally {
      this.answers.delete(id);
      server.hold(false);
      await server.remove(dir).catch(() => undefined);
    }
  }

  /** Replaces a server past its request count or memory bound with a fresh one (in the background). */
  private async checkHealth(server: BoxServer): Promise<void> {
    if (this.server !== server) return;
    const { options, limits } = this.owner;
    let retire = this.compiles >= options.maxCompiles;
    if (!retire) {
      const resident = await server.memoryBytes();
      retire =
        resident !== undefined && resident > limits.memoryLimitMb * 1024 * 1024 * options.memoryFraction;
    }
    if (retire) {
      this.counts.retired++;
      await this.retire(server);
      void this.start({ force: true });
    }
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.waiting > 0 || !this.server) return;
      this.counts.retired++;
      void this.retire(this.server);
    }, this.owner.options.idleMs);
    this.idleTimer.unref();
  }

  private async retire(server: BoxServer | undefined): Promise<void> {
    if (!server) return;
    if (this.server === server) this.server = undefined;
    await server.kill();
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
