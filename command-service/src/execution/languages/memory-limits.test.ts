/*
 * Heap limits: every runtime is told the box's memory limit (language.ts heapMb), so a memory bomb ends
 * with the runtime's own out-of-memory error where the runtime has one (JVM, Mono, Node), or with the
 * cgroup's OOM kill (C++, Python, Go, whose GOMEMLIMIT is only a soft limit), and is answered out of
 * resources either way; and the runtimes still start under small limits. Needs the bubblewrap sandbox (the
 * process sandbox enforces no memory limit): it fails in CI without it and skips with a message elsewhere.
 */
import { functionSignatureSchema } from '@app/contracts';
import type { CodingLanguage } from '@app/contracts';
import type { Sandbox } from '../sandbox';
import { bubblewrapForTests } from '../sandbox/test-support';
import { loadQuestions } from '../questions';
import { BuildCache } from './build-cache';
import { languageModules } from './registry';
import { runTests } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';

const toolchains = detectToolchains();
const signature = functionSignatureSchema.parse({
  name: 'bomb',
  params: [{ name: 'n', type: 'int' }],
  returns: 'int',
});

/** Allocates and touches 1 MiB after 1 MiB, keeping all of it. */
const bombs: Record<Exclude<CodingLanguage, 'swift'>, string> = {
  java: `import java.util.*;
class Program {
  public int bomb(int n) {
    List<long[]> kept = new ArrayList<>();
    while (true) kept.add(new long[1 << 17]);
  }
}
`,
  kotlin: `class Program {
    fun bomb(n: Int): Int {
        val kept = ArrayList<LongArray>()
        while (true) kept.add(LongArray(1 shl 17))
    }
}
`,
  csharp: `using System.Collections.Generic;
public class Program {
  public int Bomb(int n) {
    var kept = new List<long[]>();
    while (true) kept.Add(new long[1 << 17]);
  }
}
`,
  cpp: `#include <vector>
using namespace std;
int bomb(int n) {
  vector<vector<char>> kept;
  while (true) kept.emplace_back(1 << 20, 1);
}
`,
  go: `package main

func Bomb(n int) int {
	var kept [][]byte
	for {
		block := make([]byte, 1<<20)
		for i := range block {
			block[i] = 1
		}
		kept = append(kept, block)
	}
}
`,
  javascript: `function bomb(n) {
  const kept = [];
  while (true) kept.push(new Array(1 << 17).fill(1.5));
}
exports.bomb = bomb;
`,
  typescript: `export function bomb(n: number): number {
  const kept: number[][] = [];
  while (true) kept.push(new Array(1 << 17).fill(1.5));
}
`,
  python: `def bomb(n):
    kept = []
    while True:
        kept.append(b"x" * (1 << 20))
`,
};

/** What ends the bomb: the runtime's own error (caught per test by the harness, or fatal), or the cgroup. */
const expected: Record<keyof typeof bombs, { error: string; rawOutput?: RegExp }> = {
  java: { error: 'OutOfMemoryError' },
  kotlin: { error: 'OutOfMemoryError' },
  csharp: { error: 'OutOfMemoryException' },
  javascript: { error: 'OUT_OF_MEMORY', rawOutput: /JavaScript heap out of memory/ },
  typescript: { error: 'OUT_OF_MEMORY', rawOutput: /JavaScript heap out of memory/ },
  cpp: { error: 'OUT_OF_MEMORY' },
  go: { error: 'OUT_OF_MEMORY' },
  python: { error: 'OUT_OF_MEMORY' },
};

let sandbox: Sandbox | undefined;
const usable = new Set<CodingLanguage>();
const cache = new BuildCache();

beforeAll(async () => {
  sandbox = await bubblewrapForTests({ extraBinds: toolchainBinds(toolchains) });
  if (!sandbox) return;
  for (const language of Object.keys(bombs) as CodingLanguage[]) {
    const availability = await languageModules[language].availability(sandbox, toolchains);
    const reason = !availability.available
      ? availability.reason
      : language === 'go' && !toolchains.goCache
        ? 'no warm Go build cache'
        : undefined;
    if (reason === undefined) usable.add(language);
    else if (process.env.CI === 'true') throw new Error(`toolchain missing in CI: ${language} (${reason})`);
    else console.warn(`[memory limits test] skipping ${language}: ${reason}`);
  }
}, 60_000);
afterAll(() => sandbox?.close?.());

describe('a memory bomb', () => {
  it.each(Object.keys(bombs) as (keyof typeof bombs)[])(
    '%s: ends out of resources, by the runtime where it has a heap limit',
    async (language) => {
      if (!sandbox || !usable.has(language)) return;
      const started = performance.now();
      const result = await runTests({
        sandbox,
        language,
        question: { signature },
        source: bombs[language],
        tests: [{ input: { n: 1 }, output: 1 }],
        toolchains,
        runLimits: { memoryLimitMb: 256 },
        buildCache: cache,
      });
      expect(result.compileError).toBeUndefined();
      expect(result.timedOut).toBe(false);
      expect(result.outOfResources).toBe(true);
      expect(result.results[0].error?.type).toBe(expected[language].error);
      if (expected[language].rawOutput) expect(result.rawOutput).toMatch(expected[language].rawOutput!);
      console.log(`[memory bomb] ${language}: ${Math.round(performance.now() - started)} ms`);
    },
    60_000,
  );
});

describe('the runtimes with their heap limits', () => {
  it('start and pass under a 64 MiB run limit and a 512 MiB compile limit', async () => {
    if (!sandbox) return;
    const pairWithSum = loadQuestions().find((q) => q.slug === 'pair-with-sum')!;
    const languages = ['java', 'kotlin', 'csharp', 'javascript', 'typescript', 'go'] as const;
    const outcomes = await Promise.all(
      languages
        .filter((language) => usable.has(language))
        .map(async (language) => {
          const result = await runTests({
            sandbox: sandbox!,
            language,
            question: pairWithSum,
            source: pairWithSum.solutions[language]!,
            tests: pairWithSum.tests,
            toolchains,
            compileLimits: { memoryLimitMb: 512 },
            runLimits: { memoryLimitMb: 64 },
            buildCache: cache,
          });
          return {
            language,
            compileError: result.compileError,
            outOfResources: result.outOfResources,
            passed: result.results.length > 0 && result.results.every((r) => r.passed),
          };
        }),
    );
    for (const outcome of outcomes) {
      expect(outcome).toEqual({
        language: outcome.language,
        compileError: undefined,
        outOfResources: false,
        passed: true,
      });
    }
  }, 60_000);
});
