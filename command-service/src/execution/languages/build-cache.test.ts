/*
 * The build cache: the LRU and its key on their own, runTests' use of it against a scripted sandbox (which
 * commands run, what the next box gets), then against the sandbox createSandbox gives here: Run then
 * Submit of every compiled language compiles once, a changed source compiles again, and outputs holding a
 * planted symlink are refused (not cached, the run still judged).
 */
import { functionSignatureSchema } from '@app/contracts';
import type { CodingLanguage, FunctionSignature } from '@app/contracts';
import { createSandbox } from '../sandbox';
import type { BoxCommand, BoxFile, BoxReadResult, BoxResult, Sandbox } from '../sandbox';
import { loadQuestions } from '../questions';
import { BuildCache, buildKey } from './build-cache';
import type { CachedBuild } from './build-cache';
import type { HarnessPlan, LanguageModule } from './language';
import { languageModules } from './registry';
import { runTests } from './run-tests';
import type { RunTestsResult } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';

const outputs = (...files: [string, string][]): CachedBuild => ({
  kind: 'outputs',
  files: files.map(([path, content]) => ({ path, content: Buffer.from(content) })),
});

describe('BuildCache', () => {
  it('counts hits and misses and evicts the least recently used entries by bytes', () => {
    const cache = new BuildCache({ maxBytes: 3 * 1_400 });
    const kilobyte = 'x'.repeat(1_000);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', outputs(['a.class', kilobyte]));
    cache.set('b', outputs(['b.class', kilobyte]));
    cache.set('c', { kind: 'compileError', message: kilobyte });
    expect(cache.get('a')).toEqual(outputs(['a.class', kilobyte]));
    cache.set('d', outputs(['d.class', kilobyte])); // evicts b, the least recently used
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toEqual({ kind: 'compileError', message: kilobyte });
    expect(cache.get('d')).toBeDefined();
    const stats = cache.stats();
    expect(stats).toMatchObject({ hits: 3, misses: 2, stored: 4, evictions: 1, entries: 3 });
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.bytes).toBeGreaterThan(3_000);
  });

  it('refuses an entry larger than the whole cache and replaces an entry of the same key', () => {
    const cache = new BuildCache({ maxBytes: 2_000 });
    expect(cache.set('big', outputs(['program', 'x'.repeat(2_000)]))).toBe(false);
    cache.set('k', outputs(['program', 'one']));
    cache.set('k', outputs(['program', 'two!']));
    expect(cache.stats()).toMatchObject({ entries: 1, stored: 2 });
    expect(cache.get('k')).toEqual(outputs(['program', 'two!']));
  });

  it('keys a build by language, sandbox, toolchain, compile command and every compiled file', () => {
    const sandbox = { kind: 'process' } as Sandbox;
    const plan: HarnessPlan = {
      files: [
        { path: 'solution.cpp', content: 'int f() { return 1; }\n' },
        { path: 'harness.cpp', content: '#include "solution.cpp"\n' },
      ],
      compile: { argv: ['g++', '-o', 'program', 'harness.cpp'], outputs: ['program'] },
      run: { argv: ['./program'] },
    };
    const key = (changes: Partial<Parameters<typeof buildKey>[0]>) =>
      buildKey({ language: 'cpp', sandbox, toolchain: 'g++ 12', plan, ...changes });
    const base = key({});
    expect(key({ plan: { ...plan, files: [...plan.files].reverse() } })).toBe(base);
    expect(key({ plan: { ...plan, run: { argv: ['./other'] } } })).toBe(base);
    const changed = [
      key({ language: 'c' }),
      key({ toolchain: 'g++ 13' }),
      key({ sandbox: { kind: 'process' } as Sandbox }),
      key({
        plan: { ...plan, files: [{ ...plan.files[0], content: 'int f() { return 2; }\n' }, plan.files[1]] },
      }),
      key({ plan: { ...plan, files: [plan.files[0]] } }),
      key({
        plan: {
          ...plan,
          compile: { ...plan.compile!, argv: ['g++', '-O2', '-o', 'program', 'harness.cpp'] },
        },
      }),
      key({ plan: { ...plan, compile: { ...plan.compile!, env: { GOMEMLIMIT: '1MiB' } } } }),
      // The boundary between two files' contents moved: a different key.
      key({
        plan: {
          ...plan,
          files: [
            { path: 'solution.cpp', content: 'int f() { return 1; }\n#' },
            { path: 'harness.cpp', content: 'include "solution.cpp"\n' },
          ],
        },
      }),
    ];
    expect(new Set([base, ...changed]).size).toBe(changed.length + 1);
  });
});

const signature = functionSignatureSchema.parse({
  name: 'answer',
  params: [{ name: 'n', type: 'int' }],
  returns: 'int',
});
const tests = [
  { input: { n: 1 }, output: 42 },
  { input: { n: 2 }, output: 42 },
];
/** Result lines of a harness that answers 42 to every test (the protocol of language.ts). */
const answers = `printf '{"start":0}\\n{"test":0,"value":42}\\n{"start":1}\\n{"test":1,"value":42}\\n' > results.jsonl`;

/** A compiled language made of shell commands: its compile writes `compileScript`'s outputs into out/. */
function shellLanguage(compileScript: string): LanguageModule {
  return {
    id: 'cpp',
    learnerFile: 'solution.txt',
    availability: async () => ({ available: true }),
    starter: () => '',
    versionCommands: () => [],
    plan: (_signature, source) => ({
      files: [{ path: 'solution.txt', content: source }],
      compile: { argv: ['sh', '-c', compileScript], outputs: ['out'] },
      run: { argv: ['sh', '-c', `test -x out/program && test -f out/data && ${answers}`] },
    }),
  };
}

const ok: Partial<BoxResult> = {};

/** A sandbox answering every command from a script, recording boxes and commands, reading back `stored`. */
function scriptedSandbox(script: (command: BoxCommand) => Partial<BoxResult>, stored: BoxReadResult) {
  const opened: BoxFile[][] = [];
  const commands: BoxCommand[] = [];
  const sandbox: Sandbox = {
    kind: 'process',
    async open(files) {
      opened.push(files);
      return {
        workDir: '/box',
        run: async (command) => {
          commands.push(command);
          return {
            exitCode: 0,
            signal: null,
            stdout: '',
            stderr: '',
            result: command.resultFile
              ? '{"start":0}\n{"test":0,"value":42}\n{"start":1}\n{"test":1,"value":42}\n'
              : '',
            timedOut: false,
            outOfMemory: false,
            processLimitHit: false,
            outputTruncated: false,
            durationMs: 5,
            ...script(command),
          };
        },
        readFiles: async () => stored,
        dispose: async () => undefined,
      };
    },
    hasProgram: async () => true,
  };
  return { sandbox, opened, commands };
}

describe('runTests with the build cache (scripted sandbox)', () => {
  const language = shellLanguage('compile');
  const built: BoxReadResult = {
    files: [
      { path: 'out/program', content: Buffer.from('binary'), executable: true },
      { path: 'out/data', content: Buffer.from('data') },
    ],
  };

  it('compiles once: the next box of the same build gets the outputs and runs without compiling', async () => {
    const cache = new BuildCache();
    const { sandbox, opened, commands } = scriptedSandbox(() => ok, built);
    const request = { sandbox, language, question: { signature }, source: 'code', tests, buildCache: cache };
    const first = await runTests(request);
    expect(first).toMatchObject({ compileMs: 5, runMs: 5 });
    expect(first.cached).toBeUndefined();
    expect(commands.map((c) => c.argv[0])).toEqual(['sh', 'sh']);
    const second = await runTests(request);
    expect(second).toMatchObject({ compileMs: 0, cached: true, runMs: 5 });
    expect(commands).toHaveLength(3);
    expect(commands[2].argv).toEqual(language.plan(signature, 'code', {}).run.argv);
    expect(opened[1].filter((f) => f.path.startsWith('out/'))).toEqual(built.files);
    expect(second.results).toEqual(first.results);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, stored: 1, entries: 1 });

    await runTests({ ...request, source: 'changed code' });
    expect(commands).toHaveLength(5);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 2, stored: 2 });
  });

  it('caches a compile error as its message and answers it without opening a box', async () => {
    const cache = new BuildCache();
    const { sandbox, opened } = scriptedSandbox(
      () => ({ exitCode: 1, stderr: 'solution.txt:1: bad\n' }),
      built,
    );
    const request = { sandbox, language, question: { signature }, source: 'bad', tests, buildCache: cache };
    const first = await runTests(request);
    expect(first.compileError).toBe('solution.txt:1: bad');
    const second = await runTests(request);
    expect(second).toEqual({ ...first, compileMs: 0, cached: true });
    expect(opened).toHaveLength(1);
  });

  it('does not cache a compile stopped by a limit, nor outputs the box refused', async () => {
    const cache = new BuildCache();
    const limited = scriptedSandbox(() => ({ exitCode: null, signal: 'SIGKILL', timedOut: true }), built);
    const request = { language, question: { signature }, source: 'slow', tests, buildCache: cache };
    await runTests({ ...request, sandbox: limited.sandbox });
    await runTests({ ...request, sandbox: limited.sandbox });
    expect(limited.commands).toHaveLength(2);

    const planted = scriptedSandbox(() => ok, { refused: 'out/link is a symlink' });
    const first = await runTests({ ...request, sandbox: planted.sandbox });
    const second = await runTests({ ...request, sandbox: planted.sandbox });
    expect(first.results.every((r) => r.passed)).toBe(true);
    expect(second.cached).toBeUndefined();
    expect(planted.commands).toHaveLength(4);
    expect(cache.stats()).toMatchObject({ hits: 0, stored: 0, refused: 2, entries: 0 });
  });

  it('leaves interpreted languages and buildCache: false alone', async () => {
    const cache = new BuildCache();
    const { sandbox, commands } = scriptedSandbox(() => ok, built);
    await runTests({
      sandbox,
      language: 'python',
      question: { signature },
      source: 'x',
      tests,
      buildCache: cache,
    });
    await runTests({ sandbox, language, question: { signature }, source: 'x', tests, buildCache: false });
    await runTests({ sandbox, language, question: { signature }, source: 'x', tests, buildCache: false });
    expect(commands).toHaveLength(5);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 0 });
  });
});

describe('runTests with the build cache (real toolchains)', () => {
  const toolchains = detectToolchains();
  const questions = loadQuestions();
  const pairWithSum = questions.find((q) => q.slug === 'pair-with-sum')!;
  const compiled: CodingLanguage[] = ['cpp', 'csharp', 'go', 'java', 'kotlin', 'typescript'];
  const cache = new BuildCache();
  let sandbox: Sandbox;
  const usable = new Set<CodingLanguage>();

  beforeAll(async () => {
    sandbox = await createSandbox({
      production: false,
      logger: { warn: () => undefined },
      bubblewrap: { extraBinds: toolchainBinds(toolchains) },
    });
    for (const language of compiled) {
      const availability = await languageModules[language].availability(sandbox, toolchains);
      const reason = !availability.available
        ? availability.reason
        : language === 'go' && !toolchains.goCache
          ? 'no warm Go build cache'
          : undefined;
      if (reason === undefined) usable.add(language);
      else if (process.env.CI === 'true') throw new Error(`toolchain missing in CI: ${language} (${reason})`);
      else console.warn(`[build cache test] skipping ${language}: ${reason}`);
    }
  }, 60_000);
  afterAll(() => sandbox?.close?.());

  const judge = (language: CodingLanguage, source: string, visibleOnly: boolean): Promise<RunTestsResult> =>
    runTests({
      sandbox,
      language,
      question: pairWithSum,
      source,
      tests: visibleOnly ? pairWithSum.tests.filter((t) => !t.hidden) : pairWithSum.tests,
      toolchains,
      buildCache: cache,
    });
  const comparable = (result: RunTestsResult) => {
    const { compileMs: _compileMs, runMs: _runMs, cached: _cached, ...rest } = result;
    return rest;
  };

  it.each(compiled)(
    '%s: Run then Submit compiles once; the same run again is identical',
    async (language) => {
      if (!usable.has(language)) return;
      const source = pairWithSum.solutions[language]!;
      const run = await judge(language, source, true);
      expect(run.cached).toBeUndefined();
      expect(run.compileMs).toBeGreaterThan(0);
      expect(run.results.every((r) => r.passed)).toBe(true);
      const again = await judge(language, source, true);
      expect(again).toMatchObject({ cached: true, compileMs: 0 });
      expect(comparable(again)).toEqual(comparable(run));
      const submit = await judge(language, source, false);
      expect(submit).toMatchObject({ cached: true, compileMs: 0 });
      expect(submit.results.length).toBeGreaterThan(run.results.length);
      expect(submit.results.every((r) => r.passed)).toBe(true);
      console.log(
        `[build cache] ${language}: compile ${run.compileMs} ms + run ${run.runMs} ms; ` +
          `cached submit run ${submit.runMs} ms`,
      );
    },
    60_000,
  );

  it('compiles a changed source again', async () => {
    for (const language of ['cpp', 'typescript'] as const) {
      if (!usable.has(language)) continue;
      const changed = `${pairWithSum.solutions[language]!}\n// changed\n`;
      const run = await judge(language, changed, true);
      expect(run.cached).toBeUndefined();
      expect(run.compileMs).toBeGreaterThan(0);
      expect(run.results.every((r) => r.passed)).toBe(true);
    }
  }, 30_000);

  it('caches a compile error when the compiler says so, with the same message', async () => {
    if (!usable.has('typescript')) return;
    const broken =
      'export function pairWithSum(numbers: number[], target: number): number[] {\n  return [\n}\n';
    const first = await judge('typescript', broken, true);
    expect(first.compileError).toMatch(/^solution\.ts:3:1/);
    const second = await judge('typescript', broken, true);
    expect(second).toEqual({ ...first, compileMs: 0, cached: true });
  }, 30_000);

  it('refuses outputs holding a planted symlink (not cached) and still judges the run', async () => {
    const stats = () => cache.stats();
    const before = stats();
    const planted = shellLanguage(
      'mkdir out && printf "#!/bin/sh\\n" > out/program && chmod 755 out/program && echo data > out/data && ' +
        'ln -s /etc/passwd out/link',
    );
    const question = { signature: signature as FunctionSignature };
    for (let i = 0; i < 2; i++) {
      const result = await runTests({
        sandbox,
        language: planted,
        question,
        source: 'x',
        tests,
        buildCache: cache,
      });
      expect(result.cached).toBeUndefined();
      expect(result.results.map((r) => r.passed)).toEqual([true, true]);
    }
    expect(stats()).toMatchObject({ refused: before.refused + 2, stored: before.stored, hits: before.hits });

    // The same build without the symlink is cached, executable bit included.
    const clean = shellLanguage(
      'mkdir out && printf "#!/bin/sh\\n" > out/program && chmod 755 out/program && echo data > out/data',
    );
    const first = await runTests({
      sandbox,
      language: clean,
      question,
      source: 'y',
      tests,
      buildCache: cache,
    });
    const second = await runTests({
      sandbox,
      language: clean,
      question,
      source: 'y',
      tests,
      buildCache: cache,
    });
    expect(first.cached).toBeUndefined();
    expect(second).toMatchObject({ cached: true, compileMs: 0 });
    expect(second.results.map((r) => r.passed)).toEqual([true, true]);
  }, 30_000);
});
