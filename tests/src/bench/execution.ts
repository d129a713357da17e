import { cpus } from 'node:os';
import type { CodingLanguage } from '@app/contracts';
import { createSandbox } from '@app/command-service/dist/execution/sandbox';
import {
  CompileServers,
  detectToolchains,
  languageAvailability,
  runTests,
  toolchainBinds,
} from '@app/command-service/dist/execution/languages';
import { loadQuestion } from '@app/command-service/dist/execution/questions';
import { judgeTests } from '@app/command-service/dist/execution/engine/judge-tests';
import { judge, percentiles, progress, round } from './support';

/** Warm Run targets of issue 4, per language, in ms (median). */
const RUN_TARGET_MS: Partial<Record<CodingLanguage, number>> = {
  javascript: 150,
  python: 150,
  typescript: 200,
  java: 300,
  go: 400,
  cpp: 600,
  csharp: 400,
  kotlin: 1000,
};
const SAMPLES = 12;
const WARMUP = 3;
/** Runs with a new source compiled cold in the run box, for languages that have a compile server. */
const COLD_SAMPLES = 6;
const THROUGHPUT_MS = 10_000;
/** Submissions (half the tests hidden: two boxes, one compile) with a source never seen before. */
const SUBMIT_SAMPLES = 6;

/** A comment that changes the source without changing the program, so every Run compiles anew. */
const variant = (language: CodingLanguage, source: string, n: number) =>
  `${source}\n${language === 'python' ? '#' : '//'} run ${n}\n`;

/**
 * Issue 4's figures: per language, median and p95 of Run (a correct solution to one question with 10
 * tests, judged in the real sandbox), both with a source never seen before (compiles) and repeated
 * (what a build cache can skip), and a submission with half its tests hidden (two boxes, one compile); then runs per second with every worker busy. Java, Kotlin and TypeScript
 * compile on their warm compile servers (warmed first, then WARMUP runs); their cold compile in the run
 * box is measured too (`coldNewSource`).
 */
export async function measureExecution(): Promise<Record<string, unknown>> {
  const toolchains = detectToolchains();
  const sandbox = await createSandbox({
    production: false,
    logger: { warn: (message) => progress(message) },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  const servers = new CompileServers(sandbox, toolchains);
  try {
    const question = loadQuestion('pair-with-sum');
    const perLanguage: Record<string, unknown> = {};
    let counter = 0;
    // BENCH_EXECUTION_LANGUAGES=java,kotlin measures only those languages.
    const only = process.env.BENCH_EXECUTION_LANGUAGES?.split(',').filter(Boolean);
    for (const { language, available, ...rest } of await languageAvailability(sandbox, toolchains)) {
      if (only && !only.includes(language)) continue;
      const target = RUN_TARGET_MS[language];
      if (!available || !question.solutions[language]) {
        perLanguage[language] = { available: false, reason: (rest as { reason?: string }).reason };
        continue;
      }
      const warm = servers.supports(language) && (await servers.ready(language));
      if (servers.supports(language) && !warm)
        progress(`execution ${language}: the compile server did not start`);
      // A submission: the last half of the tests hidden, judged as the engine judges them (judgeTests).
      const submitted = question.tests.map((test, i) => ({
        ...test,
        hidden: i >= question.tests.length / 2,
      }));
      const run = async (source: string, cold = false, submit = false) => {
        const started = performance.now();
        const result = await (submit ? judgeTests : runTests)({
          sandbox,
          language,
          question,
          source,
          tests: submit ? submitted : question.tests,
          toolchains,
          ...(warm && !cold ? { compileServers: servers } : {}),
        });
        const passed = result.results.filter((r) => r.passed).length;
        if (result.compileError || passed !== question.tests.length) {
          throw new Error(
            `${language}: the reference solution did not pass (${result.compileError ?? passed})`,
          );
        }
        return performance.now() - started;
      };
      const solution = question.solutions[language]!;
      for (let i = 0; i < WARMUP; i++) await run(variant(language, solution, counter++));
      const fresh: number[] = [];
      for (let i = 0; i < SAMPLES; i++) fresh.push(await run(variant(language, solution, counter++)));
      const repeated: number[] = [];
      for (let i = 0; i < SAMPLES; i++) repeated.push(await run(solution));
      const submits: number[] = [];
      for (let i = 0; i < SUBMIT_SAMPLES; i++)
        submits.push(await run(variant(language, solution, counter++), false, true));
      const coldRuns: number[] = [];
      if (warm) {
        for (let i = 0; i < COLD_SAMPLES; i++)
          coldRuns.push(await run(variant(language, solution, counter++), true));
      }
      const freshStats = percentiles(fresh);
      const repeatStats = percentiles(repeated);
      const coldStats = warm ? percentiles(coldRuns) : undefined;
      const submitStats = percentiles(submits);
      perLanguage[language] = {
        ...(target !== undefined
          ? judge(round(freshStats.p50, 1), { atMost: target, unit: 'ms (median Run)' })
          : {}),
        newSource: { p50: freshStats.p50, p95: freshStats.p95 },
        sameSourceAgain: { p50: repeatStats.p50, p95: repeatStats.p95 },
        submitNewSource: { p50: submitStats.p50, p95: submitStats.p95, hiddenTests: submitted.length / 2 },
        ...(coldStats
          ? { compileServer: true, coldNewSource: { p50: coldStats.p50, p95: coldStats.p95 } }
          : {}),
      };
      progress(
        `execution ${language}: median ${freshStats.p50} ms, p95 ${freshStats.p95} ms (same source again ` +
          `${repeatStats.p50} ms${coldStats ? `; cold compile in the run box ${coldStats.p50} ms` : ''}; ` +
          `submission ${submitStats.p50} ms)`,
      );
    }

    // Every worker busy: as many closed loops as cores, each submitting JavaScript (new source each time).
    const workers = cpus().length;
    const deadline = performance.now() + THROUGHPUT_MS;
    let completed = 0;
    const solution = question.solutions.javascript!;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (performance.now() < deadline) {
          await runTests({
            sandbox,
            language: 'javascript',
            question,
            source: variant('javascript', solution, counter++),
            tests: question.tests,
            toolchains,
          });
          completed++;
        }
      }),
    );
    const runsPerSecond = round(completed / (THROUGHPUT_MS / 1000), 1);
    progress(`execution throughput: ${runsPerSecond} JavaScript runs/s with ${workers} workers`);
    return {
      sandbox: sandbox.kind,
      question: `${question.slug} (${question.tests.length} tests)`,
      perLanguage,
      throughput: {
        value: runsPerSecond,
        unit: 'runs/s (JavaScript, all workers busy)',
        workers,
        target: 'none set',
      },
    };
  } finally {
    await servers.close();
    await sandbox.close?.();
  }
}
