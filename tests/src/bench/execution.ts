import { cpus } from 'node:os';
import type { CodingLanguage } from '@app/contracts';
import { createSandbox } from '@app/command-service/dist/execution/sandbox';
import {
  detectToolchains,
  languageAvailability,
  runTests,
  toolchainBinds,
} from '@app/command-service/dist/execution/languages';
import { loadQuestion } from '@app/command-service/dist/execution/questions';
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
const WARMUP = 2;
const THROUGHPUT_MS = 10_000;

/** A comment that changes the source without changing the program, so every Run compiles anew. */
const variant = (language: CodingLanguage, source: string, n: number) =>
  `${source}\n${language === 'python' ? '#' : '//'} run ${n}\n`;

/**
 * Issue 4's figures: per language, median and p95 of Run (a correct solution to one question with 10
 * tests, judged in the real sandbox), both with a source never seen before (compiles) and repeated
 * (what a build cache can skip); then runs per second with every worker busy.
 */
export async function measureExecution(): Promise<Record<string, unknown>> {
  const toolchains = detectToolchains();
  const sandbox = await createSandbox({
    production: false,
    logger: { warn: (message) => progress(message) },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  try {
    const question = loadQuestion('pair-with-sum');
    const perLanguage: Record<string, unknown> = {};
    let counter = 0;
    for (const { language, available, ...rest } of await languageAvailability(sandbox, toolchains)) {
      const target = RUN_TARGET_MS[language];
      if (!available || !question.solutions[language]) {
        perLanguage[language] = { available: false, reason: (rest as { reason?: string }).reason };
        continue;
      }
      const run = async (source: string) => {
        const started = performance.now();
        const result = await runTests({
          sandbox,
          language,
          question,
          source,
          tests: question.tests,
          toolchains,
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
      const freshStats = percentiles(fresh);
      const repeatStats = percentiles(repeated);
      perLanguage[language] = {
        ...(target !== undefined
          ? judge(round(freshStats.p50, 1), { atMost: target, unit: 'ms (median Run)' })
          : {}),
        newSource: { p50: freshStats.p50, p95: freshStats.p95 },
        sameSourceAgain: { p50: repeatStats.p50, p95: repeatStats.p95 },
      };
      progress(
        `execution ${language}: median ${freshStats.p50} ms (same source again ${repeatStats.p50} ms)`,
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
    await sandbox.close?.();
  }
}
