import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

export type ServiceProcessOptions = {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
  readyUrl: string;
  /** Where the service's JSON log lines go. */
  logFile: string;
  /** Restart when it dies on its own (not on stop). */
  restart?: boolean;
};

/** Children still running; killed if this process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A service run as its own Node process: started, awaited until ready, restarted if it dies. */
export class ServiceProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restarts = 0;

  constructor(private readonly options: ServiceProcessOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Where the process answers (its health, its Prometheus scrape at /metrics). */
  get origin(): string {
    return new URL(this.options.readyUrl).origin;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    this.stopping = false;
    this.spawn();
    await this.waitReady(timeoutMs);
  }

  /** Kills the process at once, as a crash would (for fault tests). */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child && this.child.exitCode !== null && !this.options.restart) {
        throw new Error(
          `${this.options.name} exited with code ${this.child.exitCode}; see ${this.options.logFile}`,
        );
      }
      try {
        const response = await fetch(this.options.readyUrl, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${this.options.name} was not ready within ${timeoutMs} ms; see ${this.options.logFile}`);
  }

  private spawn(): void {
    const log = fs.openSync(this.options.logFile, 'a');
    // SERVICE_NODE_ARGS: flags for the services' node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/profiles`
    // (node refuses --cpu-prof in NODE_OPTIONS).
    const nodeArgs = (this.options.env.SERVICE_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, this.options.script], {
      env: this.options.env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    running.add(child);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (this.stopping || !this.options.restart) return;
      this.restarts++;
      const delay = Math.min(5000, 200 * 2 ** Math.min(this.restarts, 5));
      console.error(`${this.options.name} exited (${signal ?? code}); restarting in ${delay} ms`);
      setTimeout(() => {
        if (!this.stopping) this.spawn();
      }, delay);
    });
  }
}
