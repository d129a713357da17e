#!/usr/bin/env node
/* global URL, process, console */
/*
 * Gzipped JavaScript an anonymous visitor's first page loads, per route, from the production build's
 * manifest (run `npm run build` first). For each route of src/app/router.tsx:
 * - firstPage: the entry, the root route's module and the route's own module, each with its static imports:
 *   what must arrive before the page shows;
 * - deferred: the shell's modules loaded after the page shows (banners and background services: zod and
 *   the contract calls), which every visitor still downloads a moment later.
 * Prints JSON; `--check <kB>` exits 1 when a route's firstPage is over the budget; `--dist <dir>` reads a
 * build made elsewhere (`vite build --outDir <dir>`) instead of web/dist.
 *
 * Monaco (every chunk built from node_modules/monaco-editor, found through the chunks' source maps) must
 * stay out of every first page and be reached, lazily, only by the routes that show the coding workspace
 * (src/features/workspace/) or the analysts' SQL editor (src/features/analytics/): `monacoKB` is its gzipped size (`monacoChunks` each chunk's), `monacoRoutes`
 * the routes that fetch it after their first page, `monacoFirstPageRoutes` those whose first page carries
 * it (none expected). The script exits 1 when a first page carries Monaco or a route outside the workspace
 * reaches it.
 *
 * Excalidraw (the design workspace's whiteboard, src/features/design/) likewise: `excalidrawKB` adds up
 * every chunk built from node_modules/@excalidraw (its locales and font-subsetting worker included, which
 * load only on demand), `excalidrawRoutes` the routes that fetch it after their first page; the script
 * exits 1 when a first page carries it or a route outside the design workspace reaches it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distIndex = process.argv.indexOf('--dist');
const dist = distIndex === -1 ? `${webRoot}dist` : path.resolve(process.argv[distIndex + 1]);
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8'));
const routerSource = readFileSync(`${webRoot}src/app/router.tsx`, 'utf8');

const gzipSizes = new Map();
function gzipKb(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(`${dist}/${file}`), { level: 9 }).length / 1024);
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

/**
 * The chunk files a module may load at some point: its static and dynamic imports, recursively, short of
 * the shell's chunks (whose dynamic imports are the router's other pages).
 */
function laterClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file) || shell.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
    laterClosure(imported, files);
  return files;
}

/** The source files a chunk was built from (its source map), or null when the build has no map for it. */
const chunkSourceLists = new Map();
function chunkSources(file) {
  if (!chunkSourceLists.has(file)) {
    const mapFile = `${dist}/${file}.map`;
    chunkSourceLists.set(
      file,
      existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')).sources : null,
    );
  }
  return chunkSourceLists.get(file);
}
const builtFrom = (file, pattern) => (chunkSources(file) ?? []).some((source) => pattern.test(source));
const monacoSource = /(^|\/)node_modules\/monaco-editor\//;
const excalidrawSource = /(^|\/)node_modules\/@excalidraw\//;
// The feature that shows the Excalidraw whiteboard: the design workspace.
const designSource = /(^|\/)src\/features\/design\//;
// The features that show a Monaco editor: the coding workspace and the analysts' SQL editor.
const workspaceSource = /(^|\/)src\/features\/(workspace|analytics)\//;

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
const routeChunks = [];
for (const [, path, module] of routerSource.matchAll(routePattern)) {
  // Rollup may merge a route's module into a shared chunk (no manifest key of its own): found by its map.
  const key =
    ['tsx', 'ts'].map((ext) => `src/app/routes/${module}.${ext}`).find((candidate) => manifest[candidate]) ??
    Object.keys(manifest).find(
      (candidate) =>
        manifest[candidate].isDynamicEntry &&
        manifest[candidate].file.endsWith('.js') &&
        builtFrom(manifest[candidate].file, new RegExp(`(^|/)src/app/routes/${module}\\.tsx?$`)),
    );
  const files = staticClosure(key, new Set(shell));
  const extra = [...deferredFiles].filter((file) => !files.has(file));
  rows.push({
    route: `/${path}`,
    firstPageKb: Number(sum(files).toFixed(1)),
    withDeferredKb: Number((sum(files) + sum(extra)).toFixed(1)),
  });
  const staticFiles = [...staticClosure(key)];
  routeChunks.push({
    route: `/${path}`,
    firstPage: [...files],
    later: [...laterClosure(key)].filter((file) => !files.has(file)),
    isWorkspace: staticFiles.some((file) => builtFrom(file, workspaceSource)),
    isDesignWorkspace: staticFiles.some((file) => builtFrom(file, designSource)),
  });
}

const monacoChunks = Object.values(manifest)
  .filter((chunk) => chunk.file.endsWith('.js') && builtFrom(chunk.file, monacoSource))
  .map((chunk) => ({ file: chunk.file, kB: Number(gzipKb(chunk.file).toFixed(1)) }))
  .sort((a, b) => b.kB - a.kB);
const monacoFiles = new Set(monacoChunks.map((chunk) => chunk.file));
const carriesMonaco = (files) => files.some((file) => monacoFiles.has(file));
const monacoFirstPageRoutes = routeChunks
  .filter((row) => carriesMonaco(row.firstPage))
  .map((row) => row.route);
const monacoRoutes = routeChunks.filter((row) => carriesMonaco(row.later)).map((row) => row.route);
const monacoOutsideWorkspace = routeChunks
  .filter((row) => !row.isWorkspace && carriesMonaco([...row.firstPage, ...row.later]))
  .map((row) => row.route);

const excalidrawFiles = new Set(
  Object.values(manifest)
    .filter((chunk) => chunk.file.endsWith('.js') && builtFrom(chunk.file, excalidrawSource))
    .map((chunk) => chunk.file),
);
const carriesExcalidraw = (files) => files.some((file) => excalidrawFiles.has(file));
const excalidrawFirstPageRoutes = routeChunks
  .filter((row) => carriesExcalidraw(row.firstPage))
  .map((row) => row.route);
const excalidrawRoutes = routeChunks.filter((row) => carriesExcalidraw(row.later)).map((row) => row.route);
const excalidrawOutsideDesign = routeChunks
  .filter((row) => !row.isDesignWorkspace && carriesExcalidraw([...row.firstPage, ...row.later]))
  .map((row) => row.route);

const budgetIndex = process.argv.indexOf('--check');
const report = {
  entryKb: Number(sum(staticClosure(entryKey)).toFixed(1)),
  shellKb: Number(sum(shell).toFixed(1)),
  deferredKb: Number(sum(deferredFiles).toFixed(1)),
  routes: rows,
  monacoKB: Number(monacoChunks.reduce((total, chunk) => total + chunk.kB, 0).toFixed(1)),
  monacoChunks,
  monacoRoutes,
  monacoFirstPageRoutes,
  excalidrawKB: Number(sum(excalidrawFiles).toFixed(1)),
  excalidrawRoutes,
  excalidrawFirstPageRoutes,
};
console.log(JSON.stringify(report, null, 2));
if (monacoFirstPageRoutes.length > 0 || monacoOutsideWorkspace.length > 0) {
  if (monacoFirstPageRoutes.length > 0)
    console.error(
      `Monaco in the first page of: ${monacoFirstPageRoutes.join(', ')} (load the editor lazily)`,
    );
  if (monacoOutsideWorkspace.length > 0)
    console.error(`Monaco reached by routes outside the workspace: ${monacoOutsideWorkspace.join(', ')}`);
  process.exitCode = 1;
}
if (excalidrawFirstPageRoutes.length > 0 || excalidrawOutsideDesign.length > 0) {
  if (excalidrawFirstPageRoutes.length > 0)
    console.error(
      `Excalidraw in the first page of: ${excalidrawFirstPageRoutes.join(', ')} (load it lazily)`,
    );
  if (excalidrawOutsideDesign.length > 0)
    console.error(
      `Excalidraw reached by routes outside the design workspace: ${excalidrawOutsideDesign.join(', ')}`,
    );
  process.exitCode = 1;
}
if (budgetIndex !== -1) {
  const budget = Number(process.argv[budgetIndex + 1]);
  const over = rows.filter((row) => row.firstPageKb > budget);
  if (over.length > 0) {
    console.error(`Over ${budget} kB: ${over.map((row) => `${row.route} ${row.firstPageKb}`).join(', ')}`);
    process.exit(1);
  }
}
