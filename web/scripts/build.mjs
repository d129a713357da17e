/* global process, console */
/*
 * The web build (`npm run build -w web`): type-check, then `vite build` into dist/, but only when what the
 * build reads has changed since the last successful build. What it reads (the web sources, public files,
 * index.html, its configuration and package.json, the contracts' sources it compiles, the workspace's
 * lockfile, and this script) is hashed (SHA-256 over each file's path and content) and the hash is stored
 * beside the output as dist/.inputs-sha256 once the build succeeds. A start with nothing changed then skips
 * the web build entirely.
 *
 *   node web/scripts/build.mjs [--force] [--web-dir <dir>]
 *
 * --force (or WEB_BUILD_FORCE=1) builds whatever the hash says; --web-dir builds another web folder laid out
 * like this one (the tests use a small one).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const scriptPath = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const webDirArg = args.indexOf('--web-dir');
const webDir = resolve(webDirArg >= 0 ? args[webDirArg + 1] : join(dirname(scriptPath), '..'));
const force = args.includes('--force') || process.env.WEB_BUILD_FORCE === '1';
const stampFile = join(webDir, 'dist', '.inputs-sha256');

/** Files and folders (relative to the web folder) whose content decides the build's output. */
const inputs = [
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
  'src',
  'public',
  '../contracts/src',
  '../contracts/package.json',
  '../package-lock.json',
];

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== 'node_modules')
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function inputsHash() {
  const hash = createHash('sha256');
  const add = (label, file) => {
    hash.update(`${label}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  };
  for (const input of inputs) {
    const files = filesUnder(join(webDir, input));
    if (files.length === 0) hash.update(`absent ${input}\0`);
    for (const file of files) add(relative(webDir, file), file);
  }
  add('build script', scriptPath);
  return hash.digest('hex');
}

function run(label, bin, argv) {
  console.log(`web: ${label}`);
  const result = spawnSync(process.execPath, [bin, ...argv], { cwd: webDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function binOf(packageName, command) {
  const require = createRequire(scriptPath);
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : bin[command]);
}

const hash = inputsHash();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (!force && previous === hash && existsSync(join(webDir, 'dist', 'index.html'))) {
  console.log(`web: inputs unchanged since the last build (sha256 ${hash.slice(0, 12)}); vite build skipped`);
} else {
  const started = Date.now();
  run('type-checking (tsc --noEmit)', binOf('typescript', 'tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  run('building (vite build)', binOf('vite', 'vite'), ['build']);
  writeFileSync(stampFile, `${hash}\n`);
  console.log(`web: built in ${((Date.now() - started) / 1000).toFixed(1)} s (sha256 ${hash.slice(0, 12)})`);
}
