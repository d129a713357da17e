/*
 * ProcessSandbox: plain child processes in a temp directory, for development machines without
 * bubblewrap. It is NOT a security boundary: the program runs as the service's own user, sees the whole
 * file system and the network. It keeps the contract's shape so the engine runs unchanged: wall-clock
 * limit (the whole process group is killed), output cap, file-size and open-file rlimits through
 * util-linux `prlimit` when present, result file read without following symlinks, and dispose removes
 * the directory and kills what is left. Memory and process limits are not enforced here (RLIMIT_AS
 * breaks the JVM, Node and Mono; RLIMIT_NPROC counts every process of the user); outOfMemory comes only
 * from a runtime's own out-of-memory message.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBoxFile, readBoxFiles, writeBoxFiles } from './box-files';
import { DEFAULT_MAX_LINE_BYTES, launchServer, residentBytes } from './box-server';
import { DEFAULT_MAX_OPEN_FILES, isOnPath, isRuntimeOutOfMemory, MiB, pathDirs, runChild } from './run-child';
import type {
  Box,
  BoxCommand,
  BoxFile,
  BoxReadResult,
  BoxResult,
  BoxServer,
  Sandbox,
  ServerCommand,
} from './sandbox';

export type SandboxLogger = { warn(message: string): void };

export type ProcessSandboxOptions = {
  logger?: SandboxLogger;
  /** Where box directories are made; os.tmpdir() when absent. */
  tmpDir?: string;
};

export const PROCESS_SANDBOX_WARNING =
  'ProcessSandbox is NOT a security boundary: learner code runs as this service user with full file ' +
  'system and network access, without memory or process limits. Development only; install bubblewrap ' +
  '(node infra/dist/ensure-sandbox.js) for the real sandbox.';

let warned = false;

export class ProcessSandbox implements Sandbox {
  readonly kind = 'process' as const;
  private readonly tmpDir: string;
  private prlimit: Promise<boolean> | undefined;
  private readonly boxes = new Set<ProcessBox>();
  private readonly servers = new Set<BoxServer>();

  constructor(options: ProcessSandboxOptions = {}) {
    this.tmpDir = options.tmpDir ?? tmpdir();
    if (!warned) {
      warned = true;
      const message = `\n${'!'.repeat(100)}\n!! ${PROCESS_SANDBOX_WARNING}\n${'!'.repeat(100)}`;
      if (options.logger) options.logger.warn(message);
      else console.warn(message);
    }
  }

  async open(files: BoxFile[]): Promise<Box> {
    const root = await mkdtemp(join(this.tmpDir, 'rce-box-'));
    try {
      const workDir = join(root, 'work');
      await mkdir(workDir, { mode: 0o700 });
      await mkdir(join(root, 'tmp'), { mode: 0o700 });
      await writeBoxFiles(workDir, files);
      this.prlimit ??= isOnPath('prlimit', pathDirs(process.env.PATH));
      const box = new ProcessBox(root, workDir, await this.prlimit, () => this.boxes.delete(box));
      this.boxes.add(box);
      return box;
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw error;
    }
  }

  hasProgram(name: string): Promise<boolean> {
    return isOnPath(name, pathDirs(process.env.PATH));
  }

  /** A long-lived server (box-server.ts), as unisolated as everything here. */
  async startServer(command: ServerCommand): Promise<BoxServer> {
    if (command.argv.length === 0) throw new Error('empty argv');
    const root = await mkdtemp(join(this.tmpDir, 'rce-server-'));
    const workDir = join(root, 'work');
    try {
      await mkdir(workDir, { mode: 0o700 });
      await mkdir(join(root, 'tmp'), { mode: 0o700 });
      await writeBoxFiles(workDir, command.files ?? []);
    } catch (error) {
      await rm(root, { recursive: true, force: true });
      throw error;
    }
    const server = launchServer({
      hostDir: workDir,
      workDir,
      file: command.argv[0],
      args: command.argv.slice(1),
      cwd: workDir,
      env: {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: workDir,
        TMPDIR: join(root, 'tmp'),
        LANG: 'C.UTF-8',
        ...command.env,
      },
      maxLineBytes: command.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES,
      killAll: async (pid) => killGroup(pid),
      memoryBytes: (pid) => residentBytes([pid]),
      release: async () => {
        this.servers.delete(server);
        await rm(root, { recursive: true, force: true, maxRetries: 3 });
      },
    });
    this.servers.add(server);
    return server;
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers].map((server) => server.kill()));
    for (const box of [...this.boxes]) await box.dispose();
  }
}

class ProcessBox implements Box {
  private readonly groups = new Set<number>();
  private disposed = false;

  constructor(
    private readonly root: string,
    readonly workDir: string,
    private readonly withPrlimit: boolean,
    private readonly onDispose: () => void,
  ) {}

  async run(command: BoxCommand): Promise<BoxResult> {
    if (this.disposed) throw new Error('box is disposed');
    if (command.argv.length === 0) throw new Error('empty argv');
    const { limits } = command;
    const argv = this.withPrlimit
      ? [
          'prlimit',
          `--fsize=${limits.workDirSizeMb * MiB}`,
          `--nofile=${limits.maxOpenFiles ?? DEFAULT_MAX_OPEN_FILES}`,
          '--core=0',
          '--',
          ...command.argv,
        ]
      : command.argv;
    const outcome = await runChild({
      file: argv[0],
      args: argv.slice(1),
      cwd: this.workDir,
      env: {
        PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
        HOME: this.workDir,
        TMPDIR: join(this.root, 'tmp'),
        LANG: 'C.UTF-8',
        ...command.env,
      },
      stdin: command.stdin,
      timeLimitMs: limits.timeLimitMs,
      maxOutputBytes: limits.maxOutputBytes,
      killAll: (pid) => {
        this.groups.add(pid);
        killGroup(pid);
      },
    });
    const result = command.resultFile
      ? await readBoxFile(this.workDir, command.resultFile, limits.maxOutputBytes)
      : { content: '', truncated: false };
    return {
      ...outcome,
      result: result.content,
      outputTruncated: outcome.outputTruncated || result.truncated,
      outOfMemory: isRuntimeOutOfMemory(outcome),
      processLimitHit: false,
    };
  }

  readFiles(paths: string[], maxBytes: number): Promise<BoxReadResult> {
    if (this.disposed) return Promise.reject(new Error('box is disposed'));
    return readBoxFiles(this.workDir, paths, maxBytes);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.onDispose();
    for (const group of this.groups) killGroup(group);
    await rm(this.root, { recursive: true, force: true, maxRetries: 3 });
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
