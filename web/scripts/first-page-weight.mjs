#!/usr/bin/env node
/* global URL, process, console */
/*
 * Gzipped JavaScript an anonymous visitor's first page loads, per route, from the production build's
 * manifest (run `npm run build` first). For each route of src/app/router.tsx:
 * - firstPage: the entry, the root route's module and the route's own module, each with its static imports:
 *   what must arrive before the page shows;
 * - deferred: the shell's modules loaded after the page shows (banners and background services: zod and
 *   the contract calls), which every visitor still downloads a moment later.
 * Prints JSON; `--check <kB>` exits 1 when a route's firstPage is over the budget.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${webRoot}dist/.vite/manifest.json`, 'utf8'));
const routerSource = readFileSync(`${webRoot}src/app/router.tsx`, 'utf8');

const gzipSizes = new Map();
function gzipKb(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(`${webRoot}dist/${file}`), { level: 9 }).length / 1024);
  return gzipSizes.get(file);
}

/** The chunk files a module needs before it runs: itself and its static imports, recursively. */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, files);
  return files;
}

const sum = (files) => [...files].reduce((total, file) => total + gzipKb(file), 0);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// Rollup may merge the root route's module into a shared chunk named after it.
const rootKey =
  'src/app/routes/root.tsx' in manifest
    ? 'src/app/routes/root.tsx'
    : Object.keys(manifest).find((key) => manifest[key].name === 'root' && manifest[key].isDynamicEntry);
const shell = staticClosure(rootKey, staticClosure(entryKey));
const deferredFiles = new Set();
for (const key of ['src/app/shell/banners.tsx', 'src/app/shell/background.tsx'])
  staticClosure(key, deferredFiles);
for (const file of shell) deferredFiles.delete(file);

const routePattern = /path: '([^']*)',\s*lazy: \(\) => import\('\.\/routes\/([^']+)'\)/g;
const rows = [];
for (const [, path, module] of routerSource.matchAll(routePattern)) {
  const key = ['tsx', 'ts']
    .map((ext) => `src/app/routes/${module}.${ext}`)
    .find((candidate) => manifest[candidate]);
  const files = staticClosure(key, new Set(shell));
  const extra = [...deferredFiles].filter((file) => !files.has(file));
  rows.push({
    route: `/${path}`,
    firstPageKb: Number(sum(files).toFixed(1)),
    withDeferredKb: Number((sum(files) + sum(extra)).toFixed(1)),
  });
}

const budgetIndex = process.argv.indexOf('--check');
const report = {
  entryKb: Number(sum(staticClosure(entryKey)).toFixed(1)),
  shellKb: Number(sum(shell).toFixed(1)),
  deferredKb: Number(sum(deferredFiles).toFixed(1)),
  routes: rows,
};
console.log(JSON.stringify(report, null, 2));
if (budgetIndex !== -1) {
  const budget = Number(process.argv[budgetIndex + 1]);
  const over = rows.filter((row) => row.firstPageKb > budget);
  if (over.length > 0) {
    console.error(`Over ${budget} kB: ${over.map((row) => `${row.route} ${row.firstPageKb}`).join(', ')}`);
    process.exit(1);
  }
}
