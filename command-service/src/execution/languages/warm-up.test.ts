/*
 * A language's warm-up after a start (warm-up.ts), in the real sandbox: one judged run through the given
 * schedule, and for C++ the prebuilt harness part of every signature given, so a learner's first run of
 * any of those questions compiles only the learner's file.
 */
import { createSandbox } from '../sandbox';
import type { BoxFile, Sandbox } from '../sandbox';
import { loadQuestion } from '../questions';
import { BuildCache } from './build-cache';
import { runTests } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';
import { languageModules } from './registry';
import { warmUpLanguage } from './warm-up';

const toolchains = detectToolchains();
let sandbox: Sandbox;
let cppAvailable = false;
/** The argv of every command run in a box, in order. */
const commands: string[][] = [];

beforeAll(async () => {
  const real = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  cppAvailable = (await languageModules.cpp.availability(real, toolchains)).available;
  if (process.env.CI === 'true' && !cppAvailable) throw new Error('C++ must be available in CI');
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

it('judges one run of the language through the schedule it is given', async () => {
  const cache = new BuildCache();
  const scheduled: unknown[] = [];
  commands.length = 0;
  await warmUpLanguage({
    sandbox,
    language: 'javascript',
    toolchains,
    buildCache: cache,
    schedule: async (step) => {
      const result = await step();
      scheduled.push(result);
      return result;
    },
  });
  expect(scheduled).toHaveLength(1);
  expect(scheduled[0]).toMatchObject({ timedOut: false, results: expect.any(Array) });
  expect(commands.length).toBeGreaterThan(0);
});

it('prebuilds the C++ harness of every signature given, so a first run of those questions compiles only the learner file', async () => {
  if (!cppAvailable) return;
  const cache = new BuildCache();
  const mirror = loadQuestion('mirror-tree');
  const anagrams = loadQuestion('group-anagrams');
  await warmUpLanguage({
    sandbox,
    language: 'cpp',
    toolchains,
    buildCache: cache,
    signatures: async () => [mirror.signature, anagrams.signature],
  });
  commands.length = 0;
  for (const question of [mirror, anagrams]) {
    const result = await runTests({
      sandbox,
      language: 'cpp',
      question,
      source: question.solutions.cpp!,
      tests: question.tests,
      toolchains,
      buildCache: cache,
    });
    expect(result.results.every((test) => test.passed)).toBe(true);
  }
  // One build per run (the learner's file and the call, linked with the prebuilt object; `sh -c` runs g++
  // with the common headers first): no harness compile.
  const compiles = commands.filter((argv) => argv[0] === 'g++' || (argv[0] === 'sh' && argv[3] === 'g++'));
  expect(compiles).toHaveLength(2);
  expect(compiles.every((argv) => argv.includes('harness.o') && !argv.slice(3).includes('-c'))).toBe(true);
}, 120_000);
