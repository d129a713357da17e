/**
 * Makes sure the browser the end-to-end tests drive is installed: Debian's Chromium at /usr/bin/chromium
 * (or CHROMIUM_PATH). Playwright never downloads a browser here. Installs through apt-get when running as
 * root or with password-less sudo; otherwise stops with the command to run. Node built-ins only, so it
 * runs before anything else is installed or built.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const INSTALL_HINT = 'sudo apt-get update && sudo apt-get install -y chromium';

type Privilege = 'root' | 'sudo' | 'none';

function log(message: string): void {
  console.log(`[ensure-test-deps] ${message}`);
}

function fail(message: string): never {
  console.error(`[ensure-test-deps] ${message}`);
  process.exit(1);
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function chromiumVersion(path: string): string | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function privilege(): Privilege {
  if (process.getuid?.() === 0) return 'root';
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
  return sudo.status === 0 ? 'sudo' : 'none';
}

/** Runs an apt-get command, through sudo when needed, with its output shown; stops on failure. */
function aptGet(how: Exclude<Privilege, 'none'>, args: string[]): void {
  const command = how === 'root' ? 'apt-get' : 'sudo';
  const commandArgs =
    how === 'root' ? args : ['-n', 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
  log(`running: ${[command, ...commandArgs].join(' ')}`);
  const result = spawnSync(command, commandArgs, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error)
    fail(`could not run ${command}: ${result.error.message}. Install Chromium with: ${INSTALL_HINT}`);
  if (result.status !== 0) {
    fail(`apt-get ${args.join(' ')} failed (exit ${result.status}). Install Chromium with: ${INSTALL_HINT}`);
  }
}

function main(): void {
  const customPath = process.env.CHROMIUM_PATH;
  const chromiumPath = customPath ?? DEBIAN_CHROMIUM;

  if (isExecutable(chromiumPath)) {
    log(
      `Chromium found at ${chromiumPath} (${chromiumVersion(chromiumPath) ?? 'version unknown'}); nothing to do.`,
    );
    return;
  }

  if (customPath && customPath !== DEBIAN_CHROMIUM) {
    fail(
      `CHROMIUM_PATH is ${customPath}, but no executable is there. Point CHROMIUM_PATH at a Chromium binary, ` +
        `or unset it and install Debian's Chromium (${INSTALL_HINT}).`,
    );
  }

  const how = privilege();
  if (how === 'none') {
    fail(
      `Chromium is missing at ${DEBIAN_CHROMIUM} and this user cannot install packages (not root, no password-less sudo). ` +
        `Install it with: ${INSTALL_HINT}  (or set CHROMIUM_PATH to an existing Chromium binary).`,
    );
  }

  log(
    `Chromium is missing at ${DEBIAN_CHROMIUM}; installing Debian's chromium package${how === 'sudo' ? ' with sudo' : ''}.`,
  );
  aptGet(how, ['update']);
  aptGet(how, ['install', '-y', 'chromium']);

  if (!isExecutable(DEBIAN_CHROMIUM)) {
    fail(`apt-get finished but ${DEBIAN_CHROMIUM} is still missing. Install it with: ${INSTALL_HINT}`);
  }
  log(`installed ${chromiumVersion(DEBIAN_CHROMIUM) ?? 'Chromium'} at ${DEBIAN_CHROMIUM}.`);
}

main();
