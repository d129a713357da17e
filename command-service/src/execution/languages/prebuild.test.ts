/*
 * C++'s prebuilt harness (prebuild.ts): the signature's part of the harness is compiled once per
 * question, in a box, and every later build of that question compiles only the learner's file and links;
 * verdicts and compile errors stay those of the whole harness.
 */
import { createSandbox } from '../sandbox';
import type { BoxFile, Sandbox } from '../sandbox';
import { loadQuestion } from '../questions';
import { BuildCache } from './build-cache';
import { runTests } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';
import { languageModules } from './registry';

const toolchains = detectToolchains();
let sandbox: Sandbox;
let available = false;
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
const compiles = () => commands.filter((argv) => argv[0] === 'g++');

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
  expect(argvs.filter((argv) => argv.includes('-c'))).toHaveLength(1);
  expect(argvs.filter((argv) => argv.includes('harness.o') && !argv.includes('-c'))).toHaveLength(3);
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
