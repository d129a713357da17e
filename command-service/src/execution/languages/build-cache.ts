/*
 * The build cache: Submit after Run (same code, same question signature, same language) does not compile
 * again. After a successful compile in the box, runTests reads the compile's declared outputs back
 * (`plan.compile.outputs`: Java and Kotlin classes, the C++, Go and Swift binary, the C# assembly and its
 * debug symbols, TypeScript's transpiled solution.js) through Box.readFiles, which refuses symlinks,
 * anything but regular files and more than MAX_BUILD_BYTES; the next box of the same build gets them as
 * files and skips the compile command.
 *
 * Key: sha256 of the language id, the sandbox (kind and instance: another sandbox may bind other
 * toolchains), the toolchain's identity (the output of the language's version commands, run once per
 * process on the host, whose toolchains the box binds read-only), the compile command (argv, env, outputs)
 * and every file the compile reads (the learner's file and the generated harness, path, mode and content).
 * The inputs file is not part of it: the compile never reads it, and its nonce changes every run. Nothing
 * of the run (its argv, limits or tests) is in the key: the run always happens.
 *
 * A compile error is cached as its message when the compiler ended on its own with an ordinary failure
 * exit code (not a timeout, a limit, a signal, truncated output, or a program that could not start): the
 * same files give the same message. Until the toolchain's identity is known (the first compile of a
 * language in a process), lookups miss and the store waits for it; when a version command fails, that
 * language is not cached at all.
 *
 * Entries are kept in memory, least recently used first out, bounded by their total bytes (256 MiB by
 * default). Outputs are read before the learner's code runs, so a run cannot change what is cached; a
 * compile only runs the trusted toolchain on the learner's files, and only the same files (the same key)
 * ever get its outputs back.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { BOX_PATH } from '../sandbox/bubblewrap-sandbox';
import type { BoxFile, Sandbox } from '../sandbox';
import type { HarnessPlan, LanguageModule } from './language';
import type { Toolchains } from './toolchains';

/** Most bytes one build's outputs may have to be cached (Box.readFiles refuses more). */
export const MAX_BUILD_BYTES = 64 * 1024 * 1024;
/** Default bound of the whole cache. */
export const DEFAULT_BUILD_CACHE_BYTES = 256 * 1024 * 1024;
/** Bytes counted per entry and per file on top of the contents (key, paths, bookkeeping). */
const ENTRY_OVERHEAD = 256;
const FILE_OVERHEAD = 64;
const VERSION_TIMEOUT_MS = 30_000;

export type CachedBuild = { kind: 'outputs'; files: BoxFile[] } | { kind: 'compileError'; message: string };

export type BuildCacheStats = {
  hits: number;
  misses: number;
  /** Builds stored (outputs and compile errors). */
  stored: number;
  /** Successful builds whose outputs Box.readFiles refused (a symlink, too large, ...): not cached. */
  refused: number;
  evictions: number;
  entries: number;
  bytes: number;
  maxBytes: number;
};

/** What runTests gets for one build: a hit, or how to store the build once compiled. */
export type BuildLookup = {
  hit?: CachedBuild;
  /** Stores the compiled build (waits for the toolchain's identity the first time). */
  store(build: CachedBuild): Promise<void>;
  /** The build's outputs could not be read back. */
  refused(reason: string): void;
};

type Entry = { build: CachedBuild; bytes: number };

export class BuildCache {
  /** Map order is recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private counts = { hits: 0, misses: 0, stored: 0, refused: 0, evictions: 0 };
  readonly maxBytes: number;

  constructor(options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_BUILD_CACHE_BYTES;
  }

  /** The build of `key`, made most recently used; counts a hit or a miss. */
  get(key: string): CachedBuild | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.counts.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counts.hits++;
    return entry.build;
  }

  /** Stores a build, evicting the least recently used ones; false when it alone is over the bound. */
  set(key: string, build: CachedBuild): boolean {
    const bytes = sizeOf(key, build);
    if (bytes > this.maxBytes) return false;
    this.delete(key);
    while (this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
      this.counts.evictions++;
    }
    this.entries.set(key, { build, bytes });
    this.bytes += bytes;
    this.counts.stored++;
    return true;
  }

  noteRefused(): void {
    this.counts.refused++;
  }

  stats(): BuildCacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes, maxBytes: this.maxBytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Looks the plan's build up (a plan without a compile step is never a build). */
  lookup(sandbox: Sandbox, language: LanguageModule, toolchains: Toolchains, plan: HarnessPlan): BuildLookup {
    const identity = toolchainIdentity(sandbox, language, toolchains);
    const keyOf = (toolchain: string) => buildKey({ language: language.id, sandbox, toolchain, plan });
    const key = typeof identity.known === 'string' ? keyOf(identity.known) : undefined;
    let hit: CachedBuild | undefined;
    if (key) hit = this.get(key);
    else this.counts.misses++;
    return {
      hit,
      store: async (build) => {
        const toolchain = key ? undefined : await identity.settled;
        if (key) this.set(key, build);
        else if (typeof toolchain === 'string') this.set(keyOf(toolchain), build);
      },
      refused: () => this.noteRefused(),
    };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

function sizeOf(key: string, build: CachedBuild): number {
  if (build.kind === 'compileError') return ENTRY_OVERHEAD + key.length + Buffer.byteLength(build.message);
  return build.files.reduce(
    (total, file) =>
      total +
      FILE_OVERHEAD +
      Buffer.byteLength(file.path) +
      Buffer.byteLength(file.content as Buffer | string),
    ENTRY_OVERHEAD + key.length,
  );
}

const sandboxIds = new WeakMap<Sandbox, number>();
let nextSandboxId = 1;

/** The cache key of a plan's build (see the header). */
export function buildKey(parts: {
  language: string;
  sandbox: Sandbox;
  toolchain: string;
  plan: HarnessPlan;
}): string {
  const { plan, sandbox } = parts;
  if (!plan.compile) throw new Error('a plan without a compile step has no build');
  let sandboxId = sandboxIds.get(sandbox);
  if (sandboxId === undefined) sandboxIds.set(sandbox, (sandboxId = nextSandboxId++));
  const hash = createHash('sha256');
  const { argv, env, outputs } = plan.compile;
  hash.update(
    JSON.stringify({
      v: 1,
      language: parts.language,
      sandbox: [sandbox.kind, sandboxId],
      toolchain: parts.toolchain,
      argv,
      env: Object.entries(env ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      outputs,
    }),
  );
  const files = [...plan.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    // Length-prefixed, so no two file lists hash alike.
    hash.update(`\n${JSON.stringify([file.path, file.executable === true, content.length])}\n`);
    hash.update(content);
  }
  return hash.digest('hex');
}

type Identity = { known?: string | null; settled: Promise<string | null> };
const identities = new Map<string, Identity>();

/**
 * The toolchain's identity: the output of the language's version commands, run once per process and
 * sandbox kind on the host with the box's PATH (this process's node for `node`). null when one fails.
 */
export function toolchainIdentity(
  sandbox: Sandbox,
  language: LanguageModule,
  toolchains: Toolchains,
): Identity {
  const commands = language.versionCommands?.(toolchains) ?? [];
  const memo = JSON.stringify([sandbox.kind, language.id, commands]);
  let identity = identities.get(memo);
  if (!identity) {
    const path = sandbox.kind === 'bubblewrap' ? BOX_PATH : (process.env.PATH ?? BOX_PATH);
    const made: Identity = {
      settled: Promise.all(commands.map((argv) => versionOf(argv, path))).then(
        (outputs) => {
          const value = outputs.includes(null) ? null : JSON.stringify(outputs);
          made.known = value;
          return value;
        },
        () => (made.known = null),
      ),
    };
    identity = made;
    identities.set(memo, identity);
  }
  return identity;
}

function versionOf(argv: string[], path: string): Promise<string | null> {
  const file = argv[0] === 'node' ? process.execPath : argv[0];
  return new Promise((resolve) => {
    execFile(
      file,
      argv.slice(1),
      { env: { PATH: path, LANG: 'C.UTF-8' }, timeout: VERSION_TIMEOUT_MS, maxBuffer: 64 * 1024 },
      (error, stdout, stderr) => resolve(error ? null : `${stdout}${stderr}`.trim()),
    );
  });
}
