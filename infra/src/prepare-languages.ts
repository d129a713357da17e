/**
 * What `npm start` does before the services start so that every language can be judged: the sandbox
 * (bubblewrap, ensure-sandbox.ts) and the toolchains (ensure-toolchains.ts), the same installers
 * `npm test` runs.
 *
 * They run before the services, not beside them: the command-service chooses its sandbox and finds its
 * toolchains once, as it starts, so a language installed after it started would stay unavailable until
 * a restart. A check that finds everything in place costs milliseconds (files and PATH only), so only
 * the first start on a new machine waits (for apt-get and the Kotlin download, with their progress on
 * the console). A failed install is remembered (the set of languages it could not fix) and not retried
 * by later starts, which say how to retry instead.
 */
import fs from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { detectToolchains } from '@app/command-service/dist/execution/languages';
import { ensureSandbox, which as whichProgram } from './ensure-sandbox';
import { ensureToolchains, toolchainsDir } from './ensure-toolchains';

type Say = (line: string) => void;

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      fs.accessSync(join(dir, program), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Languages whose setup the toolchain installer would still do here, by cheap checks: C# needs Mono
 * (apt-get), Kotlin its compiler download, Go its standard-library archives, Java its harness support,
 * C++ its precompiled headers. A language whose base program is absent (no `go`, no `g++`, no JDK) is
 * not listed: the installer cannot add it. Swift cannot be installed on these machines.
 */
export function missingToolchains(root: string = toolchainsDir()): string[] {
  const found = detectToolchains(root);
  const missing: string[] = [];
  if (!onPath('mcs') || !onPath('mono')) missing.push('csharp');
  if (onPath('g++') && (!found.cppPrecompiled || !found.cppCommon)) missing.push('cpp');
  if (onPath('go') && (!found.goCache || !found.goStd)) missing.push('go');
  if (onPath('javac') && !found.jvmSupport) missing.push('java');
  if (onPath('java') && !found.kotlin) missing.push('kotlin');
  return missing;
}

type Attempt = { missing: string[]; at: string };

function attemptFile(root: string): string {
  return join(root, 'start-install-attempt.json');
}

/**
 * Runs the toolchain installer once when something is missing. Answers the languages still missing
 * afterwards. `install` is the installer (ensureToolchains; replaceable so the decision can be tested
 * without downloads).
 */
export async function prepareToolchains(options: {
  root?: string;
  say: Say;
  install?: () => Promise<unknown>;
}): Promise<string[]> {
  const root = options.root ?? toolchainsDir();
  const install = options.install ?? ensureToolchains;
  const missing = missingToolchains(root);
  if (missing.length === 0) return [];
  const file = attemptFile(root);
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Attempt) : undefined;
  if (previous && missing.every((language) => previous.missing.includes(language))) {
    options.say(
      `Toolchains: not installing ${missing.join(', ')} again (the install of ${previous.at} could not); ` +
        `retry with: node infra/dist/ensure-toolchains.js (as root for apt-get)`,
    );
    return missing;
  }
  options.say(
    `Toolchains: installing what ${missing.join(', ')} need${missing.length === 1 ? 's' : ''} (once)...`,
  );
  try {
    await install();
  } catch (error) {
    options.say(
      `Toolchains: the installer failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const still = missingToolchains(root);
  fs.mkdirSync(root, { recursive: true });
  if (still.length > 0) {
    fs.writeFileSync(
      file,
      JSON.stringify({ missing: still, at: new Date().toISOString() } satisfies Attempt),
    );
  } else {
    fs.rmSync(file, { force: true });
  }
  return still;
}

/** What start prints when learners' code would run without the bubblewrap sandbox. */
export function sandboxWarning(reason: string): string[] {
  const rule = '!'.repeat(100);
  return [
    rule,
    "!!  WARNING: no sandbox. Learners' code will run as plain processes of this user, with its files,",
    '!!  network and no memory or process limits. Fine for trying the platform alone; never for others.',
    `!!  Why: ${reason}`,
    '!!  Fix: as root, node infra/dist/ensure-sandbox.js (installs Debian bubblewrap), then start again.',
    '!!  A deployment (NODE_ENV=production) refuses to start without it.',
    rule,
  ];
}

/**
 * Installs and checks the sandbox (ensure-sandbox.ts: bubblewrap through apt-get when missing, then an
 * unprivileged smoke box). Answers undefined when it works, else the warning to print; in production
 * it throws instead, as the command-service would. A failed install is not retried by later starts
 * while bwrap is still missing (the reason is kept in `memo`).
 */
export function prepareSandbox(options: {
  production: boolean;
  memo: string;
  ensure?: () => unknown;
  /** Where bwrap is, if anywhere (replaceable, as `ensure`, to test a machine without it). */
  which?: (program: string) => string | undefined;
}): string[] | undefined {
  const ensure = options.ensure ?? ensureSandbox;
  const which = options.which ?? whichProgram;
  let reason: string | undefined;
  const earlier = fs.existsSync(options.memo) ? fs.readFileSync(options.memo, 'utf8') : undefined;
  if (earlier && !which('bwrap')) {
    reason = `${earlier} (not retried; bwrap is still missing)`;
  } else {
    try {
      ensure();
      fs.rmSync(options.memo, { force: true });
      return undefined;
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
      if (!which('bwrap')) {
        fs.mkdirSync(dirname(options.memo), { recursive: true });
        fs.writeFileSync(options.memo, reason);
      }
    }
  }
  if (options.production) {
    throw new Error(`the bubblewrap sandbox is required in production and cannot run here: ${reason}`);
  }
  return sandboxWarning(reason);
}
