/*
 * Prebuilt harness parts (prebuild.ts). C++: the signature's part of the harness is compiled once per
 * question, in a box, and every later build of that question compiles only the learner's file and links.
 * Go: the question-independent package `harness` is compiled once, and every build compiles the learner's
 * file with the question's small part and links. Verdicts and compile errors stay those of the whole
 * harness.
 */
import { createSandbox } from '../sandbox';
import type { BoxFile, Sandbox } from '../sandbox';
import { loadQuestion } from '../questions';
import { BuildCache } from './build-cache';
import { runTests } from './run-tests';
import type { RunTestsResult } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';
import { languageModules } from './registry';

const toolchains = detectToolchains();
let sandbox: Sandbox;
let available = false;
let goAvailable = false;
/** The argv of every command run in a box, in order. */
const commands: string[][] = [];

beforeAll(async () => {
  const real = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  available = (await languageModules.cpp.availability(real, toolchains)).available;
  if (process.env.CI === 'true' && !available) throw new Error('C++ must be available in CI');
  // Go's package is prebuilt only with the standard library's archives (ensure-toolchains' go-std).
  goAvailable = (await languageModules.go.availability(real, toolchains)).available && !!toolchains.goStd;
  if (process.env.CI === 'true' && !goAvailable) throw new Error('Go with go-std must be available in CI');
  // The real sandbox, recording the commands it runs.
  sandbox = {
    kind: real.kind,
    slots: real.slots,
    hasProgram: (name) => real.hasProgram(name),
    close: () => real.close?.() ?? Promise.resolve(),
    open: async (files: BoxFile[]) => {
      const box = await real.open(files);
      return {
        workDir: box.workDir,
        run: (command) => {
          commands.push(command.argv);
          return box.run(command);
        },
        readFiles: box.readFiles?.bind(box),
        dispose: () => box.dispose(),
      };
    },
  };
}, 60_000);
afterAll(() => sandbox?.close?.());

const question = loadQuestion('pair-with-sum');
/** g++ runs, alone or in the learner's build (`sh -c`, the common headers first, then the whole library). */
const compiles = () =>
  commands.filter((argv) => argv[0] === 'g++' || (argv[0] === 'sh' && argv[3] === 'g++'));

it('compiles the harness once per question and then only the learner file, with the same verdicts', async () => {
  if (!available) return;
  const cache = new BuildCache();
  commands.length = 0;
  const sources = [
    question.solutions.cpp!,
    // The same function taking its arguments by reference: the harness's call still fits.
    question.solutions.cpp!.replace('vector<int> numbers', 'const vector<int>& numbers'),
    languageModules.cpp.starter(question.signature),
  ];
  const results = [];
  for (const source of sources) {
    results.push(
      await runTests({
        sandbox,
        language: 'cpp',
        question,
        source,
        tests: question.tests,
        toolchains,
        buildCache: cache,
      }),
    );
  }
  expect(sources[1]).not.toBe(sources[0]);
  expect(results.map((r) => r.results.filter((t) => t.passed).length)).toEqual([10, 10, 0]);
  const argvs = compiles();
  // One compile of the harness object, then three links of a learner's file with it.
  expect(argvs.filter((argv) => argv[0] === 'g++' && argv.includes('-c'))).toHaveLength(1);
  expect(argvs.filter((argv) => argv[0] === 'sh' && argv.includes('harness.o'))).toHaveLength(3);
  expect(argvs).toHaveLength(4);
}, 120_000);

it("answers a compile error with the learner's line, as the whole harness does", async () => {
  if (!available) return;
  const source =
    '#include <vector>\nusing namespace std;\n\nvector<int> pairWithSum(vector<int> numbers, int target) {\n  return nope;\n}\n';
  const split = await runTests({
    sandbox,
    language: 'cpp',
    question,
    source,
    tests: question.tests,
    toolchains,
  });
  const whole = await runTests({
    sandbox,
    language: 'cpp',
    question,
    source,
    tests: question.tests,
    toolchains,
    buildCache: false,
  });
  expect(split.compileError).toMatch(/solution\.cpp:5:10: error: .nope. was not declared/);
  expect(whole.compileError).toMatch(/solution\.cpp:5:10: error: .nope. was not declared/);
}, 120_000);

it('compiles a learner file with the common headers, and with the whole library when it needs another header', async () => {
  if (!available) return;
  expect(toolchains.cppCommon).toBe(true);
  // A name from <random>, which the common headers leave out, with only the includes of the solution.
  const needsRandom = question.solutions.cpp!.replace(
    '  unordered_set<long long> seen;',
    '  unordered_set<long long> seen;\n  mt19937 generator(7);\n  (void) generator();',
  );
  expect(needsRandom).not.toBe(question.solutions.cpp);
  expect(needsRandom).not.toMatch(/<random>|bits\/stdc/);
  for (const source of [question.solutions.cpp!, needsRandom]) {
    const result = await runTests({
      sandbox,
      language: 'cpp',
      question,
      source,
      tests: question.tests,
      toolchains,
    });
    expect(result.compileError).toBeUndefined();
    expect(result.results.filter((t) => t.passed)).toHaveLength(question.tests.length);
  }
  const build = languageModules.cpp.plan(question.signature, needsRandom, toolchains, undefined, [
    { path: 'harness.o', content: '' },
  ]).compile!.argv;
  expect(build.slice(0, 2)).toEqual(['sh', '-c']);
  expect(build[2]).toContain('-include common-std.h');
}, 120_000);

it('names a missing learner function in the compile error', async () => {
  if (!available) return;
  const source =
    '#include <vector>\nusing namespace std;\n\nvector<int> other(vector<int> numbers, int target) { return {}; }\n';
  const result = await runTests({
    sandbox,
    language: 'cpp',
    question,
    source,
    tests: question.tests,
    toolchains,
  });
  expect(result.compileError).toMatch(/.pairWithSum. was not declared/);
}, 120_000);

describe('go', () => {
  const mirrorTree = loadQuestion('mirror-tree');
  /** The prebuild compiles the package alone; a learner's build is one shell line naming its archive. */
  const packageCompiles = () => commands.filter((argv) => argv.includes('-p') && argv.includes('harness'));
  const learnerBuilds = () => commands.filter((argv) => argv[0] === 'sh' && argv[2].includes('harness.a'));

  it('compiles the harness package once for every question, then the learner file, with the verdicts of the whole harness', async () => {
    if (!goAvailable) return;
    const cache = new BuildCache();
    commands.length = 0;
    const runs = [
      { question, source: question.solutions.go! },
      { question, source: languageModules.go.starter(question.signature) },
      { question: mirrorTree, source: mirrorTree.solutions.go! },
      { question: mirrorTree, source: languageModules.go.starter(mirrorTree.signature) },
    ];
    const judge = (run: (typeof runs)[number], buildCache: BuildCache | false) =>
      runTests({
        sandbox,
        language: 'go',
        question: run.question,
        source: run.source,
        tests: run.question.tests,
        toolchains,
        buildCache,
      });
    const split: RunTestsResult[] = [];
    for (const run of runs) split.push(await judge(run, cache));
    expect(packageCompiles()).toHaveLength(1);
    expect(learnerBuilds()).toHaveLength(4);
    const whole: RunTestsResult[] = [];
    for (const run of runs) whole.push(await judge(run, false));
    expect(learnerBuilds()).toHaveLength(4);
    const verdicts = (results: RunTestsResult[]) =>
      results.map((r) => r.results.map((t) => [t.passed, t.actual, t.error?.type ?? null]));
    expect(split.map((r) => r.results.filter((t) => t.passed).length)).toEqual([
      question.tests.length,
      0,
      mirrorTree.tests.length,
      0,
    ]);
    expect(verdicts(split)).toEqual(verdicts(whole));
  }, 180_000);

  it("answers a compile error with the learner's line, as the whole harness does", async () => {
    if (!goAvailable) return;
    const source = 'package main\n\nfunc PairWithSum(numbers []int, target int) []int {\n\treturn nope\n}\n';
    const judge = (buildCache?: false) =>
      runTests({ sandbox, language: 'go', question, source, tests: question.tests, toolchains, buildCache });
    const split = await judge();
    const whole = await judge(false);
    expect(split.compileError).toBe('solution.go:4:9: undefined: nope');
    expect(whole.compileError).toBe(split.compileError);
  }, 120_000);

  it('names a missing learner function in the compile error', async () => {
    if (!goAvailable) return;
    const source = 'package main\n\nfunc Other(numbers []int, target int) []int {\n\treturn nil\n}\n';
    const result = await runTests({
      sandbox,
      language: 'go',
      question,
      source,
      tests: question.tests,
      toolchains,
    });
    expect(result.compileError).toMatch(/undefined: PairWithSum/);
  }, 120_000);
});
