/*
 * Every language's harness against its real toolchain, in the sandbox createSandbox gives here
 * (bubblewrap where it works, else the process sandbox): every reference solution of every question
 * passes every test, every starter fails every test, a compile error names the learner's line, and a
 * probe program shows per-test prints, an exception and a crash attributed to the right test.
 *
 * Toolchains come from `node infra/dist/ensure-toolchains.js` (Mono, the Kotlin compiler, the warm Go
 * build cache, the C++ precompiled header). A language whose toolchain is missing is skipped with a
 * message; Go is skipped without its warm build cache (a cold build compiles the standard library).
 * Each box compiles once and runs all of a question's tests in one process; two boxes run at a time.
 */
import { functionSignatureSchema, parseType } from '@app/contracts';
import type { CodingLanguage } from '@app/contracts';
import { cppType } from './cpp';
import { csharpType } from './csharp';
import { goType } from './go';
import { javaType } from './java';
import { kotlinType } from './kotlin';
import { createSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { loadQuestions } from '../questions';
import type { QuestionFixture } from '../questions';
import { languageModules } from './registry';
import { runTests } from './run-tests';
import type { RunTestsResult } from './run-tests';
import { failures, inPairs } from './judge-support';
import { detectToolchains, toolchainBinds } from './toolchains';

const toolchains = detectToolchains();
const questions = loadQuestions();
const pairWithSum = questions.find((q) => q.slug === 'pair-with-sum')!;
const languages = Object.keys(languageModules).filter((l) => l !== 'swift') as CodingLanguage[];
const timings: string[] = [];

let sandbox: Sandbox;
const available = new Map<CodingLanguage, string | true>();

beforeAll(async () => {
  sandbox = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  for (const language of languages) {
    const availability = await languageModules[language].availability(sandbox, toolchains);
    available.set(language, availability.available ? true : availability.reason);
  }
  if (!toolchains.goCache && available.get('go') === true) available.set('go', 'no warm Go build cache');
  const missing = [...available].filter(([, state]) => state !== true);
  // CI installs every toolchain but Swift first (infra/src/ensure-toolchains.ts): a missing one is a failure.
  if (process.env.CI === 'true' && missing.length > 0) {
    throw new Error(`toolchains missing in CI: ${missing.map(([l, s]) => `${l} (${s})`).join(', ')}`);
  }
  for (const [language, state] of missing) console.warn(`[languages test] skipping ${language}: ${state}`);
}, 60_000);

afterAll(async () => {
  await sandbox?.close?.();
  console.log(`[languages test] sandbox ${sandbox.kind}, timings (ms):\n${timings.join('\n')}`);
});

async function judge(language: CodingLanguage, question: QuestionFixture, source: string, label: string) {
  const run = await runTests({ sandbox, language, question, source, tests: question.tests, toolchains });
  timings.push(`${language.padEnd(10)} ${label.padEnd(28)} compile ${run.compileMs ?? '-'} run ${run.runMs}`);
  return run;
}

/** The reference solution of pair-with-sum with a line that is no code inserted after the function header. */
function brokenSource(language: CodingLanguage): { source: string; line: number } {
  const lines = pairWithSum.solutions[language]!.split('\n');
  const header = lines.findIndex((line) => /pairWithSum\(/i.test(line));
  lines.splice(header + 1, 0, '@@@ ;');
  return { source: lines.join('\n'), line: header + 2 };
}

/** How each compiler names a line of the learner's file. */
const lineReference = (language: CodingLanguage, line: number): RegExp =>
  ({
    python: new RegExp(`"solution.py", line ${line}\\b`),
    javascript: new RegExp(`solution.js:${line}\\b`),
    typescript: new RegExp(`solution.ts:${line}:`),
    java: new RegExp(`Program.java:${line}:`),
    kotlin: new RegExp(`Solution.kt:${line}:`),
    csharp: new RegExp(`Program.cs\\(${line},`),
    go: new RegExp(`solution.go:${line}:`),
    cpp: new RegExp(`solution.cpp:${line}:`),
    swift: new RegExp(`solution.swift:${line}:`),
  })[language];

/**
 * A pair-with-sum program that prints the target, fails on target 15 (test 3, index 2) and ends the whole
 * process on target -50 (index 4). JavaScript, TypeScript, C++ and Go fail with a thrown string (panic),
 * which must become a RUNTIME error with that string as its reason.
 */
const probes: Record<
  Exclude<CodingLanguage, 'swift'>,
  { source: string; error: { type: string; reason: string } }
> = {
  python: {
    source: `import os

def pairWithSum(numbers, target):
    print("target", target)
    if target == 15:
        raise ValueError("boom")
    if target == -50:
        os._exit(3)
    return []
`,
    error: { type: 'ValueError', reason: 'boom' },
  },
  javascript: {
    source: `function pairWithSum(numbers, target) {
  console.log('target', target);
  if (target === 15) throw 'boom';
  if (target === -50) process.exit(3);
  return [];
}
exports.pairWithSum = pairWithSum;
`,
    error: { type: 'RUNTIME', reason: 'boom' },
  },
  typescript: {
    source: `export function pairWithSum(numbers: number[], target: number): number[] {
  console.log('target', target);
  if (target === 15) throw 'boom';
  if (target === -50) process.exit(3);
  return [];
}
`,
    error: { type: 'RUNTIME', reason: 'boom' },
  },
  java: {
    source: `class Program {
  public int[] pairWithSum(int[] numbers, int target) {
    System.out.println("target " + target);
    if (target == 15) throw new IllegalStateException("boom");
    if (target == -50) System.exit(3);
    return new int[0];
  }
}
`,
    error: { type: 'IllegalStateException', reason: 'boom' },
  },
  kotlin: {
    source: `import kotlin.system.exitProcess

class Program {
    fun pairWithSum(numbers: List<Int>, target: Int): List<Int> {
        println("target $target")
        if (target == 15) throw IllegalStateException("boom")
        if (target == -50) exitProcess(3)
        return listOf()
    }
}
`,
    error: { type: 'IllegalStateException', reason: 'boom' },
  },
  csharp: {
    source: `using System;

public class Program {
  public int[] PairWithSum(int[] numbers, int target) {
    Console.WriteLine("target " + target);
    if (target == 15) throw new InvalidOperationException("boom");
    if (target == -50) Environment.Exit(3);
    return new int[0];
  }
}
`,
    error: { type: 'InvalidOperationException', reason: 'boom' },
  },
  go: {
    source: `package main

import (
	"fmt"
	"os"
)

func PairWithSum(numbers []int, target int) []int {
	fmt.Println("target", target)
	if target == 15 {
		panic("boom")
	}
	if target == -50 {
		os.Exit(3)
	}
	return []int{}
}
`,
    error: { type: 'RUNTIME', reason: 'boom' },
  },
  cpp: {
    source: `#include <cstdlib>
#include <iostream>
#include <vector>
using namespace std;

vector<int> pairWithSum(vector<int> numbers, int target) {
  cout << "target " << target << endl;
  if (target == 15) throw "boom";
  if (target == -50) exit(3);
  return {};
}
`,
    error: { type: 'RUNTIME', reason: 'boom' },
  },
};

/** Values that go in and must come back unchanged: nodes in containers, escapes, extremes, empties. */
const roundTrips: { type: string; value: unknown }[] = [
  {
    type: 'map<string,TreeNode[]>',
    value: { a: [[1, 2, 3], [], [4, null, 5, null, 6]], b: [], ü: [[0]] },
  },
  {
    type: 'string[][]',
    value: [
      ['', 'quote " backslash \\ slash /', 'line\nbreak\ttab\r'],
      ['ünïcødé', '😀 emoji', '\u0001\u001f'],
      [],
    ],
  },
  { type: 'map<string,long[]>', value: { max: [9007199254740991, -9007199254740991], zero: [0], none: [] } },
  { type: 'map<string,bool[]>', value: { mixed: [true, false, true], empty: [] } },
  { type: 'ListNode[]', value: [[1, 2, 3], [], [-7]] },
];

/** An identity function over `type`, as a learner of each language would write it. */
function identity(language: CodingLanguage, type: string): string {
  const t = parseType(type);
  switch (language) {
    case 'python':
      return 'def echo(value):\n    return value\n';
    case 'javascript':
      return 'exports.echo = (value) => value;\n';
    case 'typescript':
      return 'export function echo<T>(value: T): T {\n  return value;\n}\n';
    case 'java':
      return `import java.util.*;\n\nclass Program {\n  public ${javaType(t)} echo(${javaType(t)} value) {\n    return value;\n  }\n}\n`;
    case 'kotlin':
      return `class Program {\n    fun echo(value: ${kotlinType(t)}): ${kotlinType(t)} = value\n}\n`;
    case 'csharp':
      return `using System.Collections.Generic;\n\npublic class Program {\n  public ${csharpType(t)} Echo(${csharpType(t)} value) {\n    return value;\n  }\n}\n`;
    case 'go':
      return `package main\n\nfunc Echo(value ${goType(t)}) ${goType(t)} {\n\treturn value\n}\n`;
    default:
      return `${cppType(t)} echo(${cppType(t)} value) {\n  return value;\n}\n`;
  }
}

describe.each(languages)('%s', (language) => {
  const runs = new Map<string, RunTestsResult>();
  const skip = () => available.get(language) !== true;

  beforeAll(async () => {
    if (skip()) return;
    const broken = brokenSource(language);
    const jobs: [string, () => Promise<RunTestsResult>][] = [
      ...questions.flatMap((q): [string, () => Promise<RunTestsResult>][] => [
        [`solution ${q.slug}`, () => judge(language, q, q.solutions[language] ?? '', `solution ${q.slug}`)],
        [`starter ${q.slug}`, () => judge(language, q, q.starters[language], `starter ${q.slug}`)],
      ]),
      ['broken', () => judge(language, pairWithSum, broken.source, 'compile error')],
      ...roundTrips.map(({ type, value }): [string, () => Promise<RunTestsResult>] => [
        `echo ${type}`,
        () => {
          const signature = functionSignatureSchema.parse({
            name: 'echo',
            params: [{ name: 'value', type }],
            returns: type,
          });
          const question = {
            ...pairWithSum,
            signature,
            compare: undefined,
            tests: [{ input: { value }, output: value }],
          };
          return judge(language, question, identity(language, type), `echo ${type}`);
        },
      ]),
      ['probe', () => judge(language, pairWithSum, probes[language as keyof typeof probes].source, 'probe')],
    ];
    const results = await inPairs(jobs.map(([, job]) => job));
    jobs.forEach(([name], i) => runs.set(name, results[i]));
  }, 240_000);

  it.each(questions.map((q) => q.slug))('judges the reference solution of %s all passing', (slug) => {
    if (skip()) return;
    const run = runs.get(`solution ${slug}`)!;
    expect(failures(run)).toBe('');
    expect(run.results).toHaveLength(questions.find((q) => q.slug === slug)!.tests.length);
  });

  it.each(questions.map((q) => q.slug))('judges the starter of %s failing every test', (slug) => {
    if (skip()) return;
    const run = runs.get(`starter ${slug}`)!;
    expect(run.compileError).toBeUndefined();
    expect(run.results.length).toBeGreaterThan(0);
    expect(run.results.filter((r) => r.passed)).toEqual([]);
  });

  it.each(roundTrips.map((r) => r.type))('passes a %s through the harness unchanged', (type) => {
    if (skip()) return;
    const run = runs.get(`echo ${type}`)!;
    expect(failures(run)).toBe('');
  });

  it("reports a compile error on the learner's line", () => {
    if (skip()) return;
    const run = runs.get('broken')!;
    expect(run.results).toEqual([]);
    expect(run.compileError).toMatch(lineReference(language, brokenSource(language).line));
    expect(run.compileError).not.toMatch(/\/box\/|\/tmp\/rce-box/);
  });

  it('captures prints per test and attributes an exception and a crash to their tests', () => {
    if (skip()) return;
    const run = runs.get('probe')!;
    const targets = pairWithSum.tests.map((t) => t.input.target as number);
    expect(run.compileError).toBeUndefined();
    expect(run.results.slice(0, 5).map((r) => r.stdout)).toEqual(
      targets.slice(0, 5).map((t) => `target ${t}\n`),
    );
    expect(run.results[0]).toMatchObject({ passed: false, actual: [], error: null });
    expect(run.results[2].error).toEqual(probes[language as keyof typeof probes].error);
    expect(run.results[4].error).toMatchObject({
      type: 'RUNTIME',
      reason: expect.stringMatching(/exit(ed with)? code 3/),
    });
    // Go and C++ run each test in a process of its own: the tests after an exit still run.
    const afterExit = ['cpp', 'go'].includes(language) ? null : 'NOT_RUN';
    expect(run.results.slice(5).map((r) => r.error?.type ?? null)).toEqual(
      targets.slice(5).map(() => afterExit),
    );
  });
});

describe('harness edge cases', () => {
  const run = (language: CodingLanguage, source: string, runLimits?: { timeLimitMs: number }) =>
    runTests({
      sandbox,
      language,
      question: pairWithSum,
      source,
      tests: pairWithSum.tests.slice(0, 3),
      toolchains,
      runLimits,
    });

  it('fails a value of the wrong type with the reason, without an error', async () => {
    if (available.get('javascript') !== true) return;
    const result = await run(
      'javascript',
      "exports.pairWithSum = (numbers, target) => target === 5 ? 'x' : [1];\n",
    );
    expect(result.results[0]).toMatchObject({
      passed: false,
      actual: 'x',
      error: null,
      reason: 'expected int[], got string',
    });
    expect(result.results[1]).toMatchObject({ passed: false, reason: 'expected 2 items, got 1' });
  });

  it('attributes a timeout to the test that never finished', async () => {
    if (available.get('python') !== true) return;
    const source =
      'def pairWithSum(numbers, target):\n    while target == 3:\n        pass\n    return numbers[:2]\n';
    const result = await run('python', source, { timeLimitMs: 1500 });
    expect(result.timedOut).toBe(true);
    expect(result.results.map((r) => r.error?.type ?? 'none')).toEqual(['none', 'TIMEOUT', 'NOT_RUN']);
  }, 20_000);

  it.each([
    [
      'go',
      'package main\n\nimport "fmt"\n\nvar calls = 0\n\nfunc PairWithSum(numbers []int, target int) []int {\n\tcalls++\n\tfmt.Println(calls)\n\treturn []int{}\n}\n',
    ],
    [
      'cpp',
      '#include <iostream>\n#include <vector>\nusing namespace std;\nstatic int calls = 0;\nvector<int> pairWithSum(vector<int> numbers, int target) {\n  cout << ++calls << endl;\n  return {};\n}\n',
    ],
  ] as const)(
    'starts %s globals fresh for every test, and runs the tests after a crash',
    async (language, source) => {
      if (available.get(language) !== true) return;
      const result = await run(language, source);
      expect(result.results.map((r) => r.stdout)).toEqual(['1\n', '1\n', '1\n']);
      const crashing =
        language === 'go'
          ? source.replace(
              '\treturn []int{}',
              '\tif target == 3 {\n\t\tvar p *[]int\n\t\treturn *p\n\t}\n\treturn []int{}',
            )
          : source.replace(
              '  return {};',
              '  if (target == 3) { volatile int* p = nullptr; return {*p}; }\n  return {};',
            );
      const crashed = await run(language, crashing);
      expect(crashed.results.map((r) => r.error?.type ?? 'none')).toEqual(
        language === 'go' ? ['none', 'RuntimeError', 'none'] : ['none', 'RUNTIME', 'none'],
      );
      if (language === 'cpp')
        expect(crashed.results[1].error?.reason).toBe('The program crashed (signal SIGSEGV).');
    },
    60_000,
  );

  it('evaluates a JavaScript module afresh for every test', async () => {
    if (available.get('javascript') !== true) return;
    const source =
      'let calls = 0;\nexports.pairWithSum = () => { calls++; console.log(calls); return []; };\n';
    const result = await run('javascript', source);
    expect(result.results.map((r) => r.stdout)).toEqual(['1\n', '1\n', '1\n']);
  });

  it('compiles the JVM support in the box when it was not precompiled', async () => {
    if (available.get('java') !== true) return;
    const result = await runTests({
      sandbox,
      language: 'java',
      question: pairWithSum,
      source: pairWithSum.solutions.java!,
      tests: pairWithSum.tests,
      toolchains: { ...toolchains, jvmSupport: undefined },
    });
    expect(failures(result)).toBe('');
  }, 30_000);

  it('accepts a static Java method as well as an instance one', async () => {
    if (available.get('java') !== true) return;
    const source = pairWithSum.solutions.java!.replace(
      'public int[] pairWithSum',
      'public static int[] pairWithSum',
    );
    const result = await run('java', source);
    expect(result.compileError).toBeUndefined();
    expect(result.results.every((r) => r.passed)).toBe(true);
  }, 30_000);
});
