import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './free-port';

/*
 * Stripe's own stripe-mock: a local server speaking Stripe's API (validated requests, canned
 * answers), so the `stripe` package runs for real without an account. Installed once from the Go
 * module proxy into .data/stripe-mock/bin, started by `npm start` and the tests on a free loopback
 * port, and stopped with them. Production talks to Stripe itself (STRIPE_SECRET_KEY).
 */

export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock@v0.203.0';

const repoRoot = path.resolve(__dirname, '../..');
const installDir = path.join(repoRoot, '.data', 'stripe-mock', 'bin');

/** Where the installed binary lives (STRIPE_MOCK_BIN overrides it). */
export function stripeMockBinary(env: NodeJS.ProcessEnv = process.env): string {
  return env.STRIPE_MOCK_BIN || path.join(installDir, 'stripe-mock');
}

/** The Go toolchain: GO_BIN, then /usr/local/go/bin/go, then `go` on the PATH. */
function findGo(env: NodeJS.ProcessEnv): string | undefined {
  const candidates = [env.GO_BIN, '/usr/local/go/bin/go', 'go'].filter((c): c is string => Boolean(c));
  return candidates.find((go) => spawnSync(go, ['version'], { encoding: 'utf8' }).status === 0);
}

/** Installs stripe-mock with `go install` when it is missing; answers the binary's path. */
export function installStripeMock(options: { log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {}): {
  binary: string;
  installed: boolean;
} {
  const env = options.env ?? process.env;
  const binary = stripeMockBinary(env);
  if (fs.existsSync(binary)) return { binary, installed: false };
  const go = findGo(env);
  if (!go) {
    throw new Error(
      `stripe-mock is not installed (${binary}) and no Go toolchain was found to install it ` +
        `(go install ${STRIPE_MOCK_MODULE}); install Go or set GO_BIN.`,
    );
  }
  options.log?.(`Installing ${STRIPE_MOCK_MODULE} with ${go} into ${path.dirname(binary)}...`);
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  const result = spawnSync(go, ['install', STRIPE_MOCK_MODULE], {
    env: { ...env, GOBIN: path.dirname(binary) },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 15 * 60_000,
  });
  if (result.status !== 0 || !fs.existsSync(binary)) {
    throw new Error(`go install ${STRIPE_MOCK_MODULE} failed: ${(result.stderr || result.stdout).trim()}`);
  }
  return { binary, installed: true };
}

export type RunningStripeMock = {
  /** Base URL of its HTTP API, e.g. http://127.0.0.1:12111 (STRIPE_API_BASE of the services). */
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
};

/** Servers still running; killed if this process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Starts the installed stripe-mock on loopback (a free port unless given) and waits until it
 * accepts connections. A missing binary is an error naming how to install it, never a skip.
 */
export async function startStripeMock(
  options: { port?: number; log?: (line: string) => void; env?: NodeJS.ProcessEnv } = {},
): Promise<RunningStripeMock> {
  const binary = stripeMockBinary(options.env);
  if (!fs.existsSync(binary)) {
    throw new Error(
      `stripe-mock is not installed at ${binary}: run \`node infra/dist/ensure-stripe-mock.js\` ` +
        `(go install ${STRIPE_MOCK_MODULE}; npm test and npm start do it).`,
    );
  }
  const port = options.port ?? (await freePort());
  // Its HTTPS listener would otherwise take the fixed port 12112 on every address: a free one on
  // loopback instead, so runs side by side never collide.
  const httpsPort = await freePort();
  const child = spawn(binary, ['-http-addr', `127.0.0.1:${port}`, '-https-addr', `127.0.0.1:${httpsPort}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => running.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForPort(port, 30_000, () => {
      if (child.exitCode !== null)
        throw new Error(`stripe-mock exited (${child.exitCode}): ${output.trim()}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `http://127.0.0.1:${port}`;
  options.log?.(`stripe-mock listening at ${url}`);
  return { url, pid: child.pid, stop };
}

async function waitForPort(port: number, timeoutMs: number, check: () => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    check();
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`stripe-mock did not listen on 127.0.0.1:${port} in time.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
