/**
 * Makes sure the code-execution sandbox can run here: Debian's `bubblewrap` (installed through apt-get when
 * `bwrap` is missing; `apt-get update` only when the plain install fails), util-linux's setpriv, flock,
 * mount and umount, unprivileged user namespaces (bwrap is not setuid on Debian), and cgroups the sandbox
 * may create children in (v1 memory + pids, or v2 with those controllers; reported, the sandbox itself
 * checks them at start). It then runs one smoke box as an unprivileged uid to prove the chain works.
 *
 * Slot users: none are created. The sandbox runs each slot under a numeric uid/gid with no passwd entry
 * (setpriv and bwrap need none; the box gets a generated /etc/passwd naming it), from SANDBOX_UID_BASE
 * (default 1900000000) upward, with a flock per uid so two services on one machine never share one.
 *
 * Idempotent; Node built-ins only. Runnable as `node infra/dist/ensure-sandbox.js` (exit 1 on failure)
 * or as `ensureSandbox()`, which throws instead.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';

export type EnsureSandboxReport = {
  bwrap: string;
  bwrapVersion: string;
  installed: boolean;
  cgroups: 'v1' | 'v2' | 'none';
  smokeTest: 'passed';
};

const BIN_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin'];
const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y bubblewrap';
/** An unprivileged uid for the smoke test (nobody). */
const SMOKE_UID = 65534;

function log(message: string): void {
  console.log(`[ensure-sandbox] ${message}`);
}

export function which(name: string): string | undefined {
  for (const dir of BIN_DIRS) {
    try {
      accessSync(`${dir}/${name}`, constants.X_OK);
      return `${dir}/${name}`;
    } catch {
      // next
    }
  }
  return undefined;
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}) {
  return spawnSync(command, args, { encoding: 'utf8', timeout: 600_000, ...options });
}

function aptGet(args: string[]): boolean {
  const root = process.getuid?.() === 0;
  const [command, commandArgs] = root
    ? ['apt-get', args]
    : ['sudo', ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]];
  log(`running: ${[command, ...commandArgs].join(' ')}`);
  const result = run(command, commandArgs as string[], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

function installBubblewrap(): void {
  const root = process.getuid?.() === 0;
  if (!root && run('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 }).status !== 0) {
    throw new Error(
      `bwrap is missing and this user cannot install packages. Install it with: ${INSTALL_HINT}`,
    );
  }
  const install = ['install', '-y', '--no-install-recommends', 'bubblewrap'];
  if (aptGet(install)) return;
  log('install without a fresh package list failed; updating the lists and trying again');
  if (!aptGet(['update']) || !aptGet(install)) {
    throw new Error(`apt-get could not install bubblewrap. Install it with: ${INSTALL_HINT}`);
  }
}

function userNamespacesProblem(): string | undefined {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').trim() : undefined);
  if (read('/proc/sys/user/max_user_namespaces') === '0') return 'user.max_user_namespaces is 0';
  if (read('/proc/sys/kernel/unprivileged_userns_clone') === '0') {
    return 'kernel.unprivileged_userns_clone is 0 (sysctl -w kernel.unprivileged_userns_clone=1)';
  }
  if (read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns') === '1') {
    return 'AppArmor restricts unprivileged user namespaces (kernel.apparmor_restrict_unprivileged_userns=1)';
  }
  return undefined;
}

function cgroupVersion(): EnsureSandboxReport['cgroups'] {
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) return 'v2';
  if (existsSync('/sys/fs/cgroup/memory/cgroup.procs') && existsSync('/sys/fs/cgroup/pids/cgroup.procs')) {
    return 'v1';
  }
  return 'none';
}

/** One box as the sandbox builds it, reduced: unprivileged uid, every namespace, read-only /usr. */
function smokeTest(bwrap: string): void {
  const links = ['bin', 'lib', 'lib64', 'sbin'].flatMap((dir) =>
    existsSync(`/${dir}`) ? ['--symlink', `usr/${dir}`, `/${dir}`] : [],
  );
  const result = run(
    'setpriv',
    [
      `--reuid=${SMOKE_UID}`,
      `--regid=${SMOKE_UID}`,
      '--clear-groups',
      bwrap,
      '--unshare-all',
      '--new-session',
      '--die-with-parent',
      '--cap-drop',
      'ALL',
      '--ro-bind',
      '/usr',
      '/usr',
      ...links,
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      '--tmpfs',
      '/tmp',
      '--remount-ro',
      '/',
      '/usr/bin/sh',
      '-c',
      'id -u; grep CapEff /proc/self/status',
    ],
    { timeout: 30_000, env: { PATH: '/usr/bin:/bin' } },
  );
  const out = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  if (result.status !== 0 || !out.startsWith(String(SMOKE_UID)) || !/CapEff:\s*0+\b/.test(out)) {
    const hint = userNamespacesProblem();
    throw new Error(
      `bubblewrap does not run a box as an unprivileged user here (exit ${result.status}): ${out}` +
        (hint ? `\nLikely cause: ${hint}` : ''),
    );
  }
}

export function ensureSandbox(): EnsureSandboxReport {
  if (process.platform !== 'linux') throw new Error('the bubblewrap sandbox needs Linux');
  let installed = false;
  let bwrap = which('bwrap');
  if (!bwrap) {
    log('bwrap is missing; installing Debian package bubblewrap');
    installBubblewrap();
    installed = true;
    bwrap = which('bwrap');
    if (!bwrap)
      throw new Error(`apt-get finished but bwrap is still missing. Install it with: ${INSTALL_HINT}`);
  }
  const missing = ['setpriv', 'flock', 'mount', 'umount'].filter((tool) => !which(tool));
  if (missing.length > 0) {
    throw new Error(`util-linux tools missing: ${missing.join(', ')} (apt-get install -y util-linux)`);
  }
  const bwrapVersion = run(bwrap, ['--version']).stdout?.toString().trim() ?? 'unknown';
  const cgroups = cgroupVersion();
  if (process.getuid?.() !== 0) {
    log('not root: the sandbox needs root to switch to slot uids and create cgroups; smoke test skipped');
    throw new Error('the bubblewrap sandbox must be started by root');
  }
  smokeTest(bwrap);
  if (cgroups === 'none')
    log('warning: no usable cgroups found; memory and process limits cannot be enforced');
  return { bwrap, bwrapVersion, installed, cgroups, smokeTest: 'passed' };
}

if (require.main === module) {
  try {
    const report = ensureSandbox();
    log(
      `${report.bwrapVersion} at ${report.bwrap}${report.installed ? ' (just installed)' : ''}; ` +
        `cgroups ${report.cgroups}; unprivileged smoke box passed.`,
    );
  } catch (error) {
    console.error(`[ensure-sandbox] ${(error as Error).message}`);
    process.exit(1);
  }
}
