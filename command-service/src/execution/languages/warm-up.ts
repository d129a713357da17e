/*
 * A language's warm-up after a start, so that learners' first runs are as fast as later ones: its compile
 * server started and warm (Java, Kotlin, TypeScript), then one real judged run of a shipped question's
 * reference solution (the toolchain's version commands for the build cache, the compiler and runtime
 * files in the page cache, the first box of the language), then, for a language that prebuilds a part of
 * its harness per signature (C++, Go), that part for every signature given (the published questions'), so no
 * learner's first run of a question waits for it.
 */
import type { CodingLanguage, FunctionSignature } from '@app/contracts';
import type { BoxLimits, Sandbox } from '../sandbox';
import type { CompileServers } from './compile-servers';
import { loadQuestions } from '../questions';
import { prebuiltFiles } from './prebuild';
import { languageModules } from './registry';
import { defaultBuildCache, defaultCompileLimits, defaultRunLimits, runTests } from './run-tests';
import type { BuildCache } from './build-cache';
import type { Toolchains } from './toolchains';

export type WarmUpRequest = {
  sandbox: Sandbox;
  language: CodingLanguage;
  toolchains: Toolchains;
  compileServers?: CompileServers;
  /** Signatures whose prebuilt harness part to make (the published questions'). */
  signatures?: () => Promise<FunctionSignature[]>;
  compileLimits?: Partial<BoxLimits>;
  /** Where the warm-up's builds go: the process-wide cache when absent (the one learners' runs use). */
  buildCache?: BuildCache;
  /** Runs a step of the warm-up (the engine queues it with learners' runs); at once when absent. */
  schedule?: <T>(step: () => Promise<T>) => Promise<T>;
};

export async function warmUpLanguage(request: WarmUpRequest): Promise<void> {
  const { sandbox, language, toolchains, compileServers } = request;
  const schedule = request.schedule ?? (<T>(step: () => Promise<T>) => step());
  if (compileServers?.supports(language)) await compileServers.ready(language);

  const question = loadQuestions().find((fixture) => fixture.solutions[language] !== undefined);
  if (question) {
    const result = await schedule(() =>
      runTests({
        sandbox,
        language,
        question,
        source: question.solutions[language]!,
        tests: question.tests,
        toolchains,
        compileLimits: request.compileLimits,
        buildCache: request.buildCache,
        compileServers,
      }),
    );
    if (result.compileError !== undefined)
      throw new Error(`the warm-up run of ${question.slug} did not compile: ${result.compileError}`);
  }

  const module = languageModules[language];
  if (module.prebuild && request.signatures) {
    const compileLimits = { ...defaultCompileLimits, ...request.compileLimits };
    const memory = { compileMb: compileLimits.memoryLimitMb, runMb: defaultRunLimits.memoryLimitMb };
    for (const signature of await request.signatures()) {
      await schedule(() =>
        prebuiltFiles({
          sandbox,
          language: module,
          toolchains,
          signature,
          memory,
          compileLimits,
          cache: request.buildCache ?? defaultBuildCache,
        }),
      );
    }
  }
}
