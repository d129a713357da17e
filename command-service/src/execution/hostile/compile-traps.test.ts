/*
 * Compile-time traps through the real runner: a compile that would never end (or never stop reading) is
 * stopped by the compile limit and answered as a compile error that timed out, its box killed; a compile
 * that tries to read outside its package is refused. Per language, the nearest trap there is (see
 * languages/README.md, "Compile-time traps", for the languages without one):
 *   C++   #include </dev/random>, </dev/zero>, </proc/self/fd/1> (a pipe g++ itself holds open: never EOF);
 *         </proc/self/fd/0> cannot be opened (ENXIO) and is a plain compile error
 *   C#    overloaded methods called with nested lambdas: mcs tries every overload at every level (2^n)
 *   Go    //go:embed of a path outside the package (absolute, ..): refused by the compiler
 *   TS    a source nested 40,000 levels deep: the syntax-only transpile answers at once
 */
import { resolve } from 'node:path';
import type { FunctionSignature } from '@app/contracts';
import { languageModules, runTests, type LanguageModule, type RunTestsResult } from '../languages';
import { BuildCache } from '../languages/build-cache';
import {
  hostileContext,
  processesLeftOf,
  toolchains,
  track,
  unavailable,
  type BoxSeen,
  type HostileContext,
  type HostileLanguage,
} from './support';

const signature: FunctionSignature = { name: 'answer', params: [{ name: 'n', type: 'int' }], returns: 'int' };
const COMPILE_LIMIT_MS = 3_000;

let context: HostileContext | null = null;
beforeAll(async () => {
  context = await hostileContext(2);
}, 60_000);
afterAll(() => context?.close());

async function compile(
  language: HostileLanguage,
  source: string,
): Promise<RunTestsResult & { boxes: BoxSeen[] }> {
  const boxes: BoxSeen[] = [];
  const result = await track(boxes, () =>
    runTests({
      sandbox: context!.sandbox,
      language,
      question: { signature },
      source,
      tests: [{ input: { n: 1 }, output: 1 }],
      toolchains,
      compileLimits: { timeLimitMs: COMPILE_LIMIT_MS },
      buildCache: false,
    }),
  );
  return { ...result, boxes };
}

const cppSource = (include: string) => `#include <${include}>\nint answer(int n) {\n  return n;\n}\n`;

describe('cpp', () => {
  it.each(['/dev/random', '/dev/zero', '/proc/self/fd/1'])(
    '#include <%s> is stopped by the compile limit, its box killed',
    async (include) => {
      if (unavailable(context, 'cpp')) return;
      const started = performance.now();
      const result = await compile('cpp', cppSource(include));
      expect(result.compileError).toBeDefined();
      expect(result.timedOut || result.outOfResources).toBe(true);
      expect(result.results).toEqual([]);
      expect(performance.now() - started).toBeLessThan(COMPILE_LIMIT_MS + 4_000);
      for (const box of result.boxes) expect(await processesLeftOf(box.uid)).toEqual([]);
    },
    30_000,
  );

  it('#include </proc/self/fd/0> is a plain compile error at once (the compile has no stdin to read)', async () => {
    if (unavailable(context, 'cpp')) return;
    const result = await compile('cpp', cppSource('/proc/self/fd/0'));
    expect(result.compileError).toMatch(/\/proc\/self\/fd\/0: No such device or address/);
    expect(result.timedOut).toBe(false);
  }, 30_000);
});

describe('csharp', () => {
  it('nested lambdas over overloads (exponential overload resolution) are stopped by the compile limit', async () => {
    if (unavailable(context, 'csharp')) return;
    let body = 'n';
    for (let i = 0; i < 20; i++) body = `M(x${i} => ${body})`;
    const source =
      'using System;\npublic class Program {\n' +
      '  static int M(Func<int, int> f) { return 0; }\n  static int M(Func<string, int> f) { return 0; }\n' +
      `  public int Answer(int n) { return ${body}; }\n}\n`;
    const started = performance.now();
    const result = await compile('csharp', source);
    expect(result.compileError).toMatch(/timed out/);
    expect(result.timedOut).toBe(true);
    expect(performance.now() - started).toBeLessThan(COMPILE_LIMIT_MS + 4_000);
    for (const box of result.boxes) expect(await processesLeftOf(box.uid)).toEqual([]);
  }, 30_000);
});

describe('go', () => {
  it.each(['/etc/passwd', '../../../etc/passwd', '/proc/self/environ'])(
    '//go:embed %s is refused by the compiler (outside the package)',
    async (path) => {
      if (unavailable(context, 'go')) return;
      const source =
        'package main\n\nimport _ "embed"\n\n' +
        `//go:embed ${path}\nvar stolen string\n\nfunc Answer(n int) int {\n\treturn len(stolen)\n}\n`;
      const result = await compile('go', source);
      expect(result.compileError).toMatch(/embed|pattern/);
      expect(result.timedOut).toBe(false);
      expect(result.compileError).not.toMatch(/root:/);
    },
    60_000,
  );
});

describe('typescript', () => {
  it('a source nested 40,000 levels deep is answered at once', async () => {
    if (unavailable(context, 'typescript')) return;
    const depth = 40_000;
    const source = `export function answer(n: number): number {\n  return ${'('.repeat(depth)}n${')'.repeat(depth)};\n}\n`;
    const started = performance.now();
    const result = await compile('typescript', source);
    expect(result.timedOut).toBe(false);
    expect(performance.now() - started).toBeLessThan(COMPILE_LIMIT_MS);
    // Either the transpiler copes (the test passes) or it gives up with a compile error; it never hangs.
    if (result.compileError === undefined) expect(result.results[0].passed).toBe(true);
    // Its stack trace (a RangeError deep in the typescript package) names no path of the host's.
    const typescriptPackage = resolve(require.resolve('typescript'), '..', '..');
    expect(JSON.stringify(result)).not.toContain(typescriptPackage);
    expect(JSON.stringify(result)).not.toContain(resolve(__dirname, '..', '..', '..', '..'));
  }, 30_000);
});

describe('symlinks planted where the build cache reads compile outputs', () => {
  // No learner code runs during a compile in these languages, so only a subverted compiler could plant
  // them: the compile step is replaced by one that does, and the host must refuse to read through them.
  it('are refused by the cache for every compiled language, and no secret reaches the answer', async () => {
    const compiled: HostileLanguage[] = ['cpp', 'csharp', 'go', 'java', 'kotlin', 'typescript'];
    const cache = new BuildCache();
    for (const language of compiled) {
      if (unavailable(context, language)) continue;
      const real = languageModules[language];
      const planting: LanguageModule = {
        ...real,
        plan: (...args) => {
          const plan = real.plan(...args);
          const outputs = plan.compile!.outputs;
          const plant = outputs.map((output) => `rm -rf ${output}; ln -s /etc/shadow ${output}`).join('; ');
          return { ...plan, compile: { ...plan.compile!, argv: ['sh', '-c', plant] } };
        },
      };
      const before = cache.stats().refused;
      const run = () =>
        runTests({
          sandbox: context!.sandbox,
          language: planting,
          question: { signature },
          source: real.starter(signature),
          tests: [{ input: { n: 1 }, output: 1 }],
          toolchains,
          buildCache: cache,
        });
      // Refused, so not cached: the same build again compiles (and is refused) again.
      const result = await run();
      const again = await run();
      expect({ language, refused: cache.stats().refused - before }).toEqual({ language, refused: 2 });
      expect([result.cached, again.cached]).toEqual([undefined, undefined]);
      expect(result.results.some((r) => r.passed)).toBe(false);
      expect(JSON.stringify([result, again])).not.toMatch(/root:/);
    }
  }, 60_000);
});
