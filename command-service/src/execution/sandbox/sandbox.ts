/*
 * The sandbox contract the code-execution engine runs learners' code through. Two implementations:
 * BubblewrapSandbox (bwrap behind an unprivileged uid per slot, cgroup limits; required in
 * production) and ProcessSandbox (plain child processes with rlimits; development only, with a loud
 * warning). The engine never touches processes itself.
 */

/** A file placed in the box's work directory before the first command runs. */
export type BoxFile = { path: string; content: string | Buffer; executable?: boolean };

export type BoxLimits = {
  /** Wall-clock limit of the command; the whole box is killed when it passes. */
  timeLimitMs: number;
  /** Memory of all processes of the command together (cgroup), in MiB. */
  memoryLimitMb: number;
  /** Processes and threads together (a JVM needs a few dozen). */
  maxProcesses: number;
  /** stdout + stderr kept at most; more kills the command and sets outputTruncated. */
  maxOutputBytes: number;
  /** Size of the writable work directory (tmpfs), in MiB. */
  workDirSizeMb: number;
  /** Open files per process (RLIMIT_NOFILE); 512 when absent. */
  maxOpenFiles?: number;
  /** CPU time share of the whole command in cores (cgroup quota); 1 when absent. */
  cpuCores?: number;
};

export type BoxCommand = {
  /** argv[0] is looked up on PATH inside the box (toolchains are bound read-only). */
  argv: string[];
  env?: Record<string, string>;
  stdin?: string | Buffer;
  limits: BoxLimits;
  /**
   * A file in the work directory the program writes its machine-readable results to (the harness's
   * dedicated channel, kept apart from the learner's prints); read back after the command, capped
   * by maxOutputBytes.
   */
  resultFile?: string;
};

export type BoxResult = {
  exitCode: number | null;
  /** The signal that ended the command, if one did (SIGKILL on a limit). */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Content of `resultFile` after the command ('' when missing). */
  result: string;
  timedOut: boolean;
  /** The memory limit was hit (cgroup OOM or the runtime's own out-of-memory error). */
  outOfMemory: boolean;
  /** The process limit stopped a fork. */
  processLimitHit: boolean;
  outputTruncated: boolean;
  durationMs: number;
};

/** What `Box.readFiles` gives: every regular file found, or why it refused the whole read. */
export type BoxReadResult = { files: BoxFile[] } | { refused: string };

/**
 * One box: a fresh work directory that lives across its commands (compile, then run) and is
 * destroyed, with every process left in it, by `dispose`. Nothing survives into the next box.
 */
export type Box = {
  /** The work directory as commands see it (their cwd): '/box' in bubblewrap, a temp dir otherwise. */
  readonly workDir?: string;
  run(command: BoxCommand): Promise<BoxResult>;
  /**
   * Reads files out of the work directory after a command (a build's outputs, for the build cache): each
   * path is a file or a directory read recursively; `executable` is set from the owner's execute bit. The
   * box is hostile, so the whole read is refused (never followed) when a path is missing or reaches a
   * symlink, a FIFO, a device, a hard-linked file or another file system, or when the files together pass
   * `maxBytes` (or 10,000 files, or 32 directory levels). Waits for a running command of the box to end.
   */
  readFiles?(paths: string[], maxBytes: number): Promise<BoxReadResult>;
  dispose(): Promise<void>;
};

/**
 * A long-lived process in a box of its own (a compile server): started once, then spoken to by lines on
 * its stdin and stdout. Its limits hold for its whole life (no wall clock: the caller times its requests
 * and kills it). See box-server.ts.
 */
export type ServerCommand = {
  argv: string[];
  env?: Record<string, string>;
  /** Placed in the server's work dir before it starts (its program, say). */
  files?: BoxFile[];
  limits: Omit<BoxLimits, 'timeLimitMs'>;
  /** Longest stdout line accepted; a longer one kills the server. 8 MiB when absent. */
  maxLineBytes?: number;
};

export type ServerExit = { code: number | null; signal: string | null; reason?: string };

export type BoxServer = {
  /** The server's work dir as it sees it (its cwd). */
  readonly workDir: string;
  /** Writes files into the work dir from outside (owned by the server's uid; never overwrites). */
  writeFiles(files: BoxFile[]): Promise<void>;
  /** Reads files back with Box.readFiles' rules (no symlinks, regular files, bounded). */
  readFiles(paths: string[], maxBytes: number): Promise<BoxReadResult>;
  /** Removes a file or directory of the work dir (symlinks themselves, never their targets). */
  remove(path: string): Promise<void>;
  /** Writes one line (a newline is added) to the server's stdin. */
  send(line: string): void;
  /** Calls `listener` with every complete stdout line, without its newline. */
  onLine(listener: (line: string) => void): void;
  /** The last few KiB of its stderr. */
  stderrTail(): string;
  /** Resident memory of all its processes, in bytes (undefined when unknown). */
  memoryBytes(): Promise<number | undefined>;
  /** Keeps the service process alive while true (a request is in flight); idle servers do not. */
  hold(busy: boolean): void;
  /** Kills every process of the server and releases its box; resolves once it is gone. */
  kill(): Promise<void>;
  /** Resolves when the server has ended (killed, crashed, a limit, a too-long line). */
  readonly exited: Promise<ServerExit>;
};

export type Sandbox = {
  /** 'bubblewrap' isolates; 'process' does not (development only). */
  readonly kind: 'bubblewrap' | 'process';
  /** How many boxes can be open at once (bubblewrap: one per slot uid); open waits beyond that. */
  readonly slots?: number;
  /** Creates a box holding the files. */
  open(files: BoxFile[]): Promise<Box>;
  /** Whether a program is available inside the box (toolchain detection). */
  hasProgram(name: string): Promise<boolean>;
  /**
   * Starts a long-lived server in a box of its own, beside the slots (it never takes one); close()
   * kills it. Absent where the sandbox cannot (callers then do without).
   */
  startServer?(command: ServerCommand): Promise<BoxServer>;
  /** Disposes every open box and releases what the sandbox holds (slot uids, mounts, cgroups). */
  close?(): Promise<void>;
};
