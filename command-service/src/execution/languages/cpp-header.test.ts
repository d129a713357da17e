/*
 * `#include <bits/stdc++.h>`, the first line of most competitive C++, in the learner's file: it compiles
 * (the toolchain's precompiled-header folder holds a copy of the header beside the .gch, which serves only
 * the harness's first include) and the precompiled header is still used, in both kinds of build (the
 * whole harness, and the prebuilt harness with only the learner's unit compiled).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../sandbox';
import type { Sandbox } from '../sandbox';
import { loadQuestion } from '../questions';
import { BuildCache } from './build-cache';
import { runTests } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';
import { languageModules } from './registry';

const toolchains = detectToolchains();
const question = loadQuestion('pair-with-sum');
const source = (question.solutions.cpp ?? '').replace(/^(#include .*\n)+/, '#include <bits/stdc++.h>\n');
let sandbox: Sandbox;
let available = false;

beforeAll(async () => {
  sandbox = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  available = (await languageModules.cpp.availability(sandbox, toolchains)).available;
  if (process.env.CI === 'true' && !available) throw new Error('C++ must be available in CI');
}, 60_000);
afterAll(() => sandbox?.close?.());

it('the learner source is the reference solution with bits/stdc++.h as its only include', () => {
  expect(source.startsWith('#include <bits/stdc++.h>\n')).toBe(true);
  expect(source.match(/#include/g)).toHaveLength(1);
});

it.each([
  ['the whole harness', false],
  ['the prebuilt harness', true],
] as const)(
  'compiles and passes with %s',
  async (_name, cached) => {
    if (!available) return;
    const result = await runTests({
      sandbox,
      language: 'cpp',
      question,
      source,
      tests: question.tests,
      toolchains,
      buildCache: cached ? new BuildCache() : false,
    });
    expect(result.compileError).toBeUndefined();
    expect(result.results.every((test) => test.passed)).toBe(true);
  },
  60_000,
);

/** The headers g++ reads for a plan's compile (syntax only, `-H`); `!` marks a precompiled header used. */
function headersRead(plan: {
  files: { path: string; content: string | Buffer }[];
  compile?: { argv: string[] };
}) {
  const dir = mkdtempSync(join(tmpdir(), 'cpp-header-'));
  try {
    for (const file of plan.files) writeFileSync(join(dir, file.path), file.content);
    let argv = plan.compile!.argv.filter((arg, i, all) => arg !== '-o' && all[i - 1] !== '-o');
    // A learner's build with the common headers first: its first g++.
    if (argv[0] === 'sh') argv = ['g++', '-include', 'common-std.h', ...argv.slice(4)];
    argv = argv.filter((arg) => arg !== 'harness.o');
    return spawnSync(argv[0], [...argv.slice(1), '-fsyntax-only', '-H'], { cwd: dir, encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it.each([
  ['includes bits/stdc++.h', source, 'bits/stdc++.h.gch'],
  ['does not', question.solutions.cpp ?? '', 'common-std.h.gch'],
] as const)(
  "starts a learner's unit of the prebuilt harness with the whole library's .gch when the file %s, else the common headers' one",
  (_name, learner, header) => {
    if (!available) return;
    expect(toolchains.cppCommon).toBe(true);
    const plan = languageModules.cpp.plan(question.signature, learner, toolchains, undefined, [
      { path: 'harness.o', content: '' },
    ]);
    const checked = headersRead(plan);
    expect(checked.stderr).not.toMatch(/error:/);
    expect(checked.status).toBe(0);
    expect(checked.stderr).toContain(`! ${join(toolchains.cppPrecompiled!, header)}`);
  },
  60_000,
);

it("uses the precompiled header for a unit that includes bits/stdc++.h again in the learner's file", () => {
  if (!available) return;
  expect(toolchains.cppPrecompiled).toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), 'cpp-header-'));
  try {
    const plan = languageModules.cpp.plan(question.signature, source, toolchains);
    for (const file of plan.files) writeFileSync(join(dir, file.path), file.content);
    // The plan's compile, checking syntax only, with g++ listing the headers it reads (-H).
    const argv = plan.compile!.argv.filter((arg, i, all) => arg !== '-o' && all[i - 1] !== '-o');
    const checked = spawnSync(argv[0], [...argv.slice(1), '-fsyntax-only', '-H'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(checked.stderr).not.toMatch(/error:/);
    expect(checked.status).toBe(0);
    // `!` marks a precompiled header used.
    expect(checked.stderr).toContain(`! ${join(toolchains.cppPrecompiled!, 'bits', 'stdc++.h.gch')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
