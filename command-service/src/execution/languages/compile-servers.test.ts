/*
 * The warm compile servers against the real toolchains in the real bubblewrap sandbox: for Java, Kotlin
 * and TypeScript the warm path gives the cold path's verdicts, compile errors and stack-trace lines; a
 * server killed mid-compile costs a cold compile and is started again; concurrent compiles each get their
 * own build; a source cannot reach another request's files through the compiler's class or source path; a
 * compile past its time limit is a compile timeout; and a server is a non-root uid without network.
 *
 * In CI (CI=true) a missing bubblewrap or toolchain fails; elsewhere the tests skip with a message.
 */
import { functionSignatureSchema } from '@app/contracts';
import type { CodingLanguage } from '@app/contracts';
import type { BubblewrapSandbox } from '../sandbox';
import { bubblewrapForTests } from '../sandbox/test-support';
import { loadQuestions } from '../questions';
import type { QuestionFixture } from '../questions';
import { CompileServers } from './compile-servers';
import { languageModules } from './registry';
import { runTests } from './run-tests';
import type { RunTestsResult } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';

const toolchains = detectToolchains();
const questions = loadQuestions();
const warmLanguages: CodingLanguage[] = ['typescript', 'java', 'kotlin', 'csharp'];
const ready = new Map<CodingLanguage, true | string>();
let sandbox: BubblewrapSandbox | undefined;
let servers: CompileServers;

beforeAll(async () => {
  sandbox = await bubblewrapForTests({ extraBinds: toolchainBinds(toolchains) });
  if (!sandbox) return;
  servers = new CompileServers(sandbox, toolchains, { warmUpCompiles: 2 });
  for (const language of warmLanguages) {
    const availability = await languageModules[language].availability(sandbox, toolchains);
    if (!availability.available) ready.set(language, availability.reason);
    else ready.set(language, (await servers.ready(language)) || 'the compile server did not start');
  }
  const missing = [...ready].filter(([, state]) => state !== true);
  if (process.env.CI === 'true' && missing.length > 0) {
    throw new Error(`compile servers missing in CI: ${missing.map(([l, s]) => `${l} (${s})`).join(', ')}`);
  }
  for (const [language, state] of missing)
    console.warn(`[compile servers test] skipping ${language}: ${state}`);
}, 180_000);

afterAll(async () => {
  await servers?.close();
  await sandbox?.close();
});

const whenReady = (language: CodingLanguage) => sandbox !== undefined && ready.get(language) === true;

async function judge(
  language: CodingLanguage,
  question: QuestionFixture,
  source: string,
  warm: boolean,
  extra: Partial<Parameters<typeof runTests>[0]> = {},
): Promise<RunTestsResult> {
  return runTests({
    sandbox: sandbox!,
    language,
    question,
    source,
    tests: question.tests,
    toolchains,
    buildCache: false,
    ...(warm ? { compileServers: servers } : {}),
    ...extra,
  });
}

/** What the learner sees of a run, without timings. */
const verdicts = (run: RunTestsResult) => ({
  compileError: run.compileError,
  timedOut: run.timedOut,
  results: run.results.map((r) => ({ passed: r.passed, actual: r.actual, error: r.error, trace: r.trace })),
});

/** Sources that do not compile, per language: a syntax error and (JVM) an unknown name and a type error. */
const brokenSources: Record<string, (source: string) => string[]> = {
  typescript: (source) => [`${source}\n  }}} oops\n`, source.replace(/\{/, '{ const = ;')],
  java: (source) => [
    `${source}\n  }}} oops\n`,
    source.replace(/\{/, '{ int missing = undefinedName + 1;'),
    source.replace(/\{/, '{ static String s = 42;'),
  ],
  kotlin: (source) => [
    `${source}\n  }}} oops\n`,
    source.replace(/\{/, '{ val missing = undefinedName + 1;'),
    source.replace(/\{/, '{ val s: String = 42;'),
  ],
  csharp: (source) => [
    `${source}\n  }}} oops\n`,
    source.replace(/\{/, '{ int missing = undefinedName + 1;'),
    source.replace(/\{/, '{ static string s = 42;'),
  ],
};

/** A program whose test 2 throws: its trace names the learner's line (the classes' line tables). */
const throwing: Record<string, string> = {
  typescript: `export function pairWithSum(numbers: number[], target: number): number[] {
  if (target === 15) {
    throw new Error('boom');
  }
  return [];
}
`,
  java: `import java.util.*;

class Program {
  public int[] pairWithSum(int[] numbers, int target) {
    if (target == 15) {
      throw new IllegalStateException("boom");
    }
    return new int[0];
  }
}
`,
  csharp: `public class Program {
  public int[] PairWithSum(int[] numbers, int target) {
    if (target == 15) {
      throw new System.InvalidOperationException("boom");
    }
    return new int[0];
  }
}
`,
  kotlin: `class Program {
    fun pairWithSum(numbers: List<Int>, target: Int): List<Int> {
        if (target == 15) {
            throw IllegalStateException("boom")
        }
        return listOf()
    }
}
`,
};

describe.each(warmLanguages)('%s compile server', (language) => {
  it('gives the cold path verdicts for every reference solution, and the same compile errors', async () => {
    if (!whenReady(language)) return;
    for (const question of questions) {
      const source = question.solutions[language];
      if (!source) continue;
      const warm = await judge(language, question, source, true);
      const cold = await judge(language, question, source, false);
      expect(warm.warm).toBe(true);
      expect(cold.warm).toBeUndefined();
      expect(warm.results.every((r) => r.passed)).toBe(true);
      expect(verdicts(warm)).toEqual(verdicts(cold));
    }
    const pairWithSum = questions.find((q) => q.slug === 'pair-with-sum')!;
    for (const broken of brokenSources[language](pairWithSum.solutions[language]!)) {
      const warm = await judge(language, pairWithSum, broken, true);
      const cold = await judge(language, pairWithSum, broken, false);
      expect(warm.warm).toBe(true);
      expect(warm.compileError).toMatch(new RegExp(languageModules[language].learnerFile));
      expect(warm.compileError).not.toMatch(/\br[0-9a-f]{16}\b|\/box\//);
      expect(warm.compileError).toBe(cold.compileError);
      expect(warm.timedOut).toBe(false);
    }
    const warm = await judge(language, pairWithSum, throwing[language], true);
    const cold = await judge(language, pairWithSum, throwing[language], false);
    expect(warm.warm).toBe(true);
    expect(verdicts(warm)).toEqual(verdicts(cold));
    expect(warm.results.some((r) => r.error?.reason === 'boom')).toBe(true);
  }, 300_000);
});

const answerQuestion = (value: number): QuestionFixture =>
  ({
    slug: 'answer',
    name: 'Answer',
    signature: functionSignatureSchema.parse({
      name: 'answer',
      params: [{ name: 'n', type: 'int' }],
      returns: 'int',
    }),
    tests: [{ input: { n: 1 }, output: value }],
    solutions: {},
  }) as unknown as QuestionFixture;

const answerSource: Record<string, (value: number | string, extra?: string) => string> = {
  typescript: (value, extra = '') =>
    `export function answer(n: number): number {\n  return ${value};\n}\n${extra}`,
  java: (value, extra = '') =>
    `class Program {\n  public int answer(int n) {\n    return ${value};\n  }\n}\n${extra}`,
  kotlin: (value, extra = '') =>
    `class Program {\n    fun answer(n: Int): Int {\n        return ${value}\n    }\n}\n${extra}`,
};

describe('compile servers', () => {
  it('answers concurrent compiles each with its own build', async () => {
    const language = (['java', 'typescript'] as const).find(whenReady);
    if (!language) return;
    const values = [11, 22, 33, 44, 55, 66];
    const runs = await Promise.all(
      values.map((value) => judge(language, answerQuestion(value), answerSource[language](value), true)),
    );
    runs.forEach((run, i) => {
      expect(run.compileError).toBeUndefined();
      expect(run.results[0]).toMatchObject({ passed: true, actual: values[i] });
    });
    expect(runs.filter((run) => run.warm).length).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('never lets a source reach the classes of another request', async () => {
    for (const language of (['java', 'kotlin'] as const).filter(whenReady)) {
      // The first request defines a class; the second, compiled right after on the same server, uses it.
      const secret =
        language === 'java'
          ? 'class Secret { static int value = 7; }\n'
          : 'object Secret { val value = 7 }\n';
      const thief = answerSource[language]('Secret.value');
      const [first, second] = await Promise.all([
        judge(language, answerQuestion(1), answerSource[language](1, secret), true),
        judge(language, answerQuestion(7), thief, true),
      ]);
      expect(first.results[0]?.passed).toBe(true);
      expect(second.warm).toBe(true);
      const cold = await judge(language, answerQuestion(7), thief, false);
      expect(second.compileError).toMatch(/Secret/);
      expect(second.compileError).toBe(cold.compileError);
    }
  }, 120_000);

  it('recovers from a server killed mid-compile: that run compiles cold, the next is warm again', async () => {
    const language = (['kotlin', 'java', 'typescript'] as const).find(whenReady);
    if (!language) return;
    const crashesBefore = servers.stats()[language]?.crashes ?? 0;
    const running = judge(language, answerQuestion(5), answerSource[language](5, '// killed\n'), true);
    await new Promise((resolve) => setTimeout(resolve, language === 'kotlin' ? 150 : 20));
    await servers.kill(language);
    const run = await running;
    expect(run.compileError).toBeUndefined();
    expect(run.results[0]).toMatchObject({ passed: true, actual: 5 });
    expect(servers.stats()[language]?.crashes).toBe(crashesBefore + 1);
    expect(await servers.ready(language)).toBe(true);
    const again = await judge(language, answerQuestion(6), answerSource[language](6, '// again\n'), true);
    expect(again).toMatchObject({ warm: true, results: [{ passed: true, actual: 6 }] });
  }, 180_000);

  it('answers a compile past its time limit as a compile timeout and restarts the server', async () => {
    const language = (['java', 'typescript'] as const).find(whenReady);
    if (!language) return;
    const run = await judge(language, answerQuestion(3), answerSource[language](3, '// slow\n'), true, {
      compileLimits: { timeLimitMs: 1 },
    });
    expect(run).toMatchObject({ compileError: 'The compiler timed out.', timedOut: true, warm: true });
    expect(servers.stats()[language]?.timeouts).toBeGreaterThanOrEqual(1);
    expect(await servers.ready(language)).toBe(true);
    const again = await judge(language, answerQuestion(3), answerSource[language](3, '// fast\n'), true);
    expect(again).toMatchObject({ warm: true, results: [{ passed: true }] });
  }, 120_000);

  it('runs a server as a non-root uid of its own, without capabilities or network', async () => {
    if (!sandbox) return;
    const server = await sandbox.startServer({
      argv: [
        'sh',
        '-c',
        'echo "uid $(id -u)"; grep "^CapEff" /proc/self/status; ' +
          'echo "interfaces $(tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d " " | tr "\\n" " ")"; ' +
          'echo "routes $(tail -n +2 /proc/net/route | wc -l)"; ' +
          'while read line; do echo "echo $line"; done',
      ],
      limits: { memoryLimitMb: 64, maxProcesses: 16, maxOutputBytes: 4096, workDirSizeMb: 1 },
    });
    const lines: string[] = [];
    server.onLine((line) => lines.push(line));
    server.hold(true);
    server.send('hello');
    for (let i = 0; i < 200 && !lines.includes('echo hello'); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(lines).toContain('echo hello');
    const uid = Number(/^uid (\d+)$/m.exec(lines.join('\n'))?.[1]);
    expect(uid).toBeGreaterThanOrEqual(1_000_000);
    expect(lines.join('\n')).toMatch(/^CapEff:\s*0+$/m);
    expect(lines).toContain('interfaces lo ');
    expect(lines).toContain('routes 0');
    expect(await server.memoryBytes()).toBeGreaterThan(0);
    await server.kill();
    expect((await server.exited).signal).toBe('SIGKILL');
  }, 60_000);
});
