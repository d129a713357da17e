import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * The web build runs Vite only when something it reads has changed (web/scripts/build.mjs): a second
 * build with the same inputs leaves dist/ as it was; a changed source, contract or lockfile rebuilds it.
 * Measured on a small web folder laid out like web/ (index.html, src/, tsconfig.json), with the real
 * TypeScript and Vite.
 */
const buildScript = path.resolve(__dirname, '../../../web/scripts/build.mjs');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-cache-'));
const webDir = path.join(root, 'web');
const sentinel = path.join(webDir, 'dist', 'left-by-the-test.txt');

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(relativePath: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relativePath)), { recursive: true });
  fs.writeFileSync(path.join(root, relativePath), content);
}

function build(...extra: string[]): string {
  return execFileSync(process.execPath, [buildScript, '--web-dir', webDir, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, WEB_BUILD_FORCE: '' },
  });
}

/** Every JavaScript file Vite wrote, as one text. */
function bundle(): string {
  const assets = path.join(webDir, 'dist', 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => fs.readFileSync(path.join(assets, name), 'utf8'))
    .join('\n');
}

/** Leaves a file in dist/ that only a new Vite run (which empties dist/) removes. */
function mark(): void {
  fs.writeFileSync(sentinel, 'x');
}

/** Builds and answers whether Vite ran: it said so and emptied dist/. */
function viteRan(...extra: string[]): boolean {
  const output = build(...extra);
  const ran = output.includes('web: building (vite build)');
  expect(ran).toBe(!fs.existsSync(sentinel));
  expect(ran).toBe(!output.includes('vite build skipped'));
  mark();
  return ran;
}

beforeAll(() => {
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('contracts/src/index.ts', "export const greeting = 'hello';\n");
  write('web/package.json', '{"name":"fixture-web","private":true,"type":"module"}\n');
  write(
    'web/tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src', '../contracts/src'],
    }),
  );
  write(
    'web/index.html',
    '<!doctype html><div id="root"></div><script type="module" src="/src/main.ts"></script>\n',
  );
  write(
    'web/src/main.ts',
    "import { greeting } from '../../contracts/src/index';\ndocument.body.dataset.text = `${greeting} first`;\n",
  );
});

it('runs Vite once for unchanged inputs and again when a source, a contract or the lockfile changes', () => {
  build();
  mark();
  expect(bundle()).toContain('first');
  expect(viteRan()).toBe(false);

  write(
    'web/src/main.ts',
    "import { greeting } from '../../contracts/src/index';\ndocument.body.dataset.text = `${greeting} second`;\n",
  );
  expect(viteRan()).toBe(true);
  expect(bundle()).toContain('second');
  expect(viteRan()).toBe(false);

  write('contracts/src/index.ts', "export const greeting = 'good day';\n");
  expect(viteRan()).toBe(true);
  expect(bundle()).toContain('good day');

  write('package-lock.json', '{"lockfileVersion":3,"changed":true}\n');
  expect(viteRan()).toBe(true);
  expect(viteRan()).toBe(false);
  // --force builds whatever the hash says.
  expect(viteRan('--force')).toBe(true);
}, 180_000);

it('builds again when the last output is gone', () => {
  build();
  fs.rmSync(path.join(webDir, 'dist'), { recursive: true, force: true });
  expect(build()).toContain('web: building (vite build)');
  expect(fs.existsSync(path.join(webDir, 'dist', 'index.html'))).toBe(true);
}, 120_000);
