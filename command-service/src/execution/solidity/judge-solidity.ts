/*
 * Judges Solidity for real: the learner's Solution.sol (and the question's Support.sol) is compiled by solc
 * and run against the question's scenarios in an in-process EVM (@ethereumjs/evm), both inside the
 * sandbox, by box-programs/solidity-runner.cjs under node. The runner only records what each step did
 * (returns, revert data decoded against the contracts' ABIs, events, balances); expectations never enter
 * the box and are compared here. Results take the engine's shape (RunTestsResult: one TestOutcome per
 * scenario), so `toTestResult` and the execution statuses apply as for any language.
 *
 * The box needs node and the packages the runner loads bound read-only at their host paths: create the
 * sandbox with `extraBinds: [...toolchainBinds(...), ...solidityBinds()]`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SOLIDITY_ACCOUNT_FUNDS,
  SOLIDITY_CALL_GAS,
  SOLIDITY_DEPLOY_GAS,
  SOLIDITY_EVM_VERSION,
  SOLIDITY_GENESIS_TIME,
  SOLIDITY_MAX_SOURCE_CHARS,
  solidityAccounts,
} from '@app/contracts';
import type {
  SolidityEvent,
  SolidityProject,
  SolidityExpect,
  SolidityRevert,
  SolidityStep,
  SolidityTest,
  SolidityValue,
} from '@app/contracts';
import type { BoxLimits, BoxResult, Sandbox } from '../sandbox';
import type { RunTestsResult, TestError, TestOutcome } from '../languages/run-tests';
import { heapMb } from '../languages/language';
import { runnerPackageDirs, solidityRunnerPackages } from './packages';

export const SOLIDITY_RESULTS_FILE = 'results.jsonl';
const RUNNER_FILE = 'solidity-runner.cjs';

/** One box does the compile and every scenario: solc takes about 1 s of it to load and compile. */
export const defaultSolidityLimits: BoxLimits = {
  timeLimitMs: 30_000,
  memoryLimitMb: 1024,
  maxProcesses: 32,
  maxOutputBytes: 1024 * 1024,
  workDirSizeMb: 16,
  cpuCores: 1,
};

export type SolidityJudgeQuestion = {
  contractName: string;
  tests: SolidityTest[];
  /** Support.sol: contracts the tests deploy beside the learner's. */
  support?: string;
};

export type SolidityJudgeRequest = {
  sandbox: Sandbox;
  source: string;
  question: SolidityJudgeQuestion;
  limits?: Partial<BoxLimits>;
};

/** What the runner saw one step do (solidity-runner.cjs). */
export type StepObservation = {
  gasUsed?: string;
  deployed?: string;
  returns?: SolidityValue[] | null;
  badReturn?: string;
  revert?: { error?: string; args?: SolidityValue[]; reason?: string; panic?: number; data?: string };
  failure?: string;
  /** The first MAX_EVENTS events (50); `eventCount` gives the total when there were more. */
  events?: (SolidityEvent & { from: string })[];
  eventCount?: number;
  balances?: Record<string, string | null>;
  setupError?: string;
};

type RunnerLine = {
  compileError?: string;
  compiled?: { ms: number; warnings: string };
  start?: number;
  done?: number;
  test?: number;
  step?: number;
  obs?: StepObservation;
};

let runnerSource: string | undefined;

/** The runner's text: the same folder from src (tests) and from dist (the built service). */
function runner(): string {
  runnerSource ??= readFileSync(join(__dirname, '..', '..', '..', 'box-programs', RUNNER_FILE), 'utf8');
  return runnerSource;
}

/** Balances the steps' expectations read, by label, so the runner reads only those. */
const balancesOf = (expect: SolidityExpect | undefined) => Object.keys(expect?.balances ?? {});

export async function judgeSolidity(request: SolidityJudgeRequest): Promise<RunTestsResult> {
  const { question, source } = request;
  const empty = {
    results: [],
    timedOut: false,
    outOfResources: false,
    outputTruncated: false,
    rawOutput: '',
  };
  if (source.length > SOLIDITY_MAX_SOURCE_CHARS)
    return {
      ...empty,
      compileError: `The source is too long: ${source.length} characters (at most ${SOLIDITY_MAX_SOURCE_CHARS}).`,
    };
  const limits = { ...defaultSolidityLimits, ...request.limits };
  const spec = {
    source,
    support: question.support,
    contractName: question.contractName,
    evmVersion: SOLIDITY_EVM_VERSION,
    funds: SOLIDITY_ACCOUNT_FUNDS,
    genesisTime: SOLIDITY_GENESIS_TIME,
    accounts: solidityAccounts,
    deployGas: SOLIDITY_DEPLOY_GAS,
    callGas: SOLIDITY_CALL_GAS,
    tests: question.tests.map((test) => ({
      before: test.before?.map((step) => ({ ...step, expect: undefined, balances: [] })),
      deploy: test.deploy && { ...test.deploy, expect: undefined, balances: balancesOf(test.deploy.expect) },
      steps: test.steps.map((step) => ({ ...step, expect: undefined, balances: balancesOf(step.expect) })),
    })),
  };
  const dirs = runnerPackageDirs();
  const box = await request.sandbox.open([{ path: RUNNER_FILE, content: runner() }]);
  let ran: BoxResult;
  try {
    ran = await box.run({
      argv: [
        'node',
        `--max-old-space-size=${heapMb(limits.memoryLimitMb)}`,
        `--stack-size=2000`,
        RUNNER_FILE,
        ...solidityRunnerPackages.map((name) => dirs[name]),
      ],
      stdin: JSON.stringify(spec),
      limits,
      resultFile: SOLIDITY_RESULTS_FILE,
    });
  } finally {
    await box.dispose();
  }
  return judgeRun(question.tests, ran, box.workDir);
}

/** Compares the runner's observations with the tests' expectations. */
export function judgeRun(tests: SolidityTest[], ran: BoxResult, workDir?: string): RunTestsResult {
  const lines = parseLines(ran.result);
  const status = {
    timedOut: ran.timedOut,
    outOfResources: ran.outOfMemory || ran.processLimitHit,
    outputTruncated: ran.outputTruncated,
  };
  const clean = (text: string) => (workDir ? text.split(`${workDir}/`).join('') : text);
  const rawOutput = clean([ran.stdout, ran.stderr].filter((part) => part.trim() !== '').join('\n'));
  const first = lines[0];
  if (typeof first?.compileError === 'string')
    return { compileError: first.compileError, results: [], rawOutput, ...status, runMs: ran.durationMs };
  if (!first?.compiled) {
    const why = ran.timedOut
      ? 'The compiler timed out.'
      : ran.outOfMemory
        ? 'The compiler ran out of memory.'
        : `The compiler stopped (${describeExit(ran)}).`;
    return { compileError: why, results: [], rawOutput, ...status, runMs: ran.durationMs };
  }
  const started = new Set<number>();
  const done = new Set<number>();
  const observed = new Map<number, Map<number, StepObservation>>();
  for (const line of lines) {
    if (typeof line.start === 'number') started.add(line.start);
    if (typeof line.done === 'number') done.add(line.done);
    if (typeof line.test === 'number' && typeof line.step === 'number' && line.obs) {
      if (!observed.has(line.test)) observed.set(line.test, new Map());
      observed.get(line.test)!.set(line.step, line.obs);
    }
  }
  let stoppedAt: number | undefined;
  const results = tests.map((test, i): TestOutcome => {
    const hidden = test.hidden ?? false;
    const steps = observed.get(i) ?? new Map<number, StepObservation>();
    if (!started.has(i)) {
      const reason =
        stoppedAt !== undefined
          ? `Not run: the program stopped during test ${stoppedAt + 1}.`
          : `Not run: the program stopped before this test (${describeExit(ran)}).`;
      return { passed: false, expected: test.name, error: { type: 'NOT_RUN', reason }, stdout: '', hidden };
    }
    const verdict = judgeTest(test, steps);
    if (verdict) return { ...verdict, stdout: '', hidden };
    if (!done.has(i)) {
      stoppedAt = i;
      const at = [...steps.keys()].filter((k) => k >= -1).length - 1; // the deploy (-1) included
      return {
        passed: false,
        expected: test.name,
        error: crashError(ran, at >= 0 ? describeStep(test.steps[at], at) : 'the deployment'),
        stdout: '',
        hidden,
      };
    }
    const last = [...test.steps.keys()].reverse().find((s) => test.steps[s].expect) ?? -1;
    const summary = last >= 0 ? expectation(test.steps[last], last) : { test: test.name };
    return { passed: true, expected: summary, actual: summary, error: null, stdout: '', hidden };
  });
  return { results, rawOutput, ...status, compileMs: first.compiled.ms, runMs: ran.durationMs };
}

type Verdict = Omit<TestOutcome, 'stdout' | 'hidden'>;

/** The first failing step's verdict, or undefined when every observed step met its expectations. */
function judgeTest(test: SolidityTest, steps: Map<number, StepObservation>): Verdict | undefined {
  const before = test.before ?? [];
  for (let b = 0; b < before.length; b++) {
    const obs = steps.get(-2 - b);
    if (!obs) return undefined;
    const verdict = checkStep(`setup: deploy ${before[b].deploy} as @${before[b].as}`, undefined, obs);
    if (verdict) return verdict;
  }
  const deploy = steps.get(-1);
  if (!deploy) return undefined;
  const deployExpect = test.deploy?.expect;
  const deployCheck = checkStep('the deployment', deployExpect, deploy);
  if (deployCheck) return deployCheck;
  for (let s = 0; s < test.steps.length; s++) {
    const obs = steps.get(s);
    if (!obs) return undefined;
    const step = test.steps[s];
    const verdict = checkStep(describeStep(step, s), step.expect, obs);
    if (verdict) return verdict;
  }
  return undefined;
}

function describeStep(step: SolidityStep, index: number): string {
  const who = step.from ?? 'deployer';
  const args = (step.args ?? []).map((a) => JSON.stringify(a)).join(', ');
  const what =
    'call' in step
      ? `${step.to && step.to !== 'contract' ? `${step.to}.` : ''}${step.call.replace(/\(.*$/, '')}(${args})`
      : `deploy ${step.deploy}(${args}) as @${step.as}`;
  const value = step.value && step.value !== '0' ? ` with ${step.value} wei` : '';
  return `step ${index + 1}: ${who} → ${what}${value}`;
}

function expectation(step: SolidityStep, index: number): Record<string, unknown> {
  return { step: describeStep(step, index), ...step.expect };
}

const fail = (
  expected: unknown,
  actual: unknown,
  reason: string,
  error: TestError | null = null,
): Verdict => ({
  passed: false,
  expected,
  actual,
  error,
  reason,
});

/** Checks one step's observation; undefined when it met its expectations. */
function checkStep(
  what: string,
  expect: SolidityExpect | undefined,
  obs: StepObservation,
): Verdict | undefined {
  const expected = { step: what, ...expect };
  if (obs.setupError)
    return fail(expected, undefined, `${what}: ${obs.setupError}`, {
      type: 'TEST_SETUP',
      reason: `${what}: ${obs.setupError}`,
    });
  if (obs.failure) {
    const type = obs.failure.startsWith('out of gas') ? 'OUT_OF_GAS' : 'EVM_ERROR';
    return fail(expected, { failure: obs.failure }, `${what}: ${obs.failure}`, {
      type,
      reason: `${what}: ${obs.failure}`,
    });
  }
  if (expect?.revert !== undefined) {
    if (!obs.revert)
      return fail(
        expected,
        { returns: obs.returns, events: obs.events },
        `${what}: expected a revert, but the call succeeded`,
      );
    const problem = revertMismatch(expect.revert, obs.revert);
    if (problem) return fail(expected, { revert: obs.revert }, `${what}: ${problem}`);
  } else if (obs.revert) {
    return fail(expected, { revert: obs.revert }, `${what}: the call reverted${describeRevert(obs.revert)}`);
  }
  if (expect?.returns !== undefined) {
    if (obs.badReturn)
      return fail(
        expected,
        { returns: null },
        `${what}: the return data could not be decoded (${obs.badReturn})`,
      );
    if (!sameValue(expect.returns, obs.returns ?? []))
      return fail(
        expected,
        { returns: obs.returns },
        `${what}: returned ${JSON.stringify(obs.returns)}, expected ${JSON.stringify(expect.returns)}`,
      );
  }
  if (expect?.events !== undefined) {
    const emitters = new Set(expect.events.map((e) => e.from ?? 'contract'));
    if (emitters.size === 0) emitters.add('contract');
    if (obs.eventCount !== undefined)
      return fail(
        expected,
        { eventCount: obs.eventCount },
        `${what}: emitted ${obs.eventCount} events, expected ${expect.events.length}`,
      );
    const actual = (obs.events ?? []).filter((e) => emitters.has(e.from));
    const problem = eventsMismatch(expect.events, actual);
    if (problem) return fail(expected, { events: actual }, `${what}: ${problem}`);
  }
  if (expect?.balances !== undefined) {
    for (const [label, wei] of Object.entries(expect.balances)) {
      const got = obs.balances?.[label];
      if (got !== wei)
        return fail(
          expected,
          { balances: obs.balances },
          `${what}: the balance of ${label} is ${got ?? 'unknown'} wei, expected ${wei}`,
        );
    }
  }
  return undefined;
}

function describeRevert(revert: NonNullable<StepObservation['revert']>): string {
  if (revert.error)
    return ` with ${revert.error}(${(revert.args ?? []).map((a) => JSON.stringify(a)).join(', ')})`;
  if (revert.reason !== undefined) return ` with "${revert.reason}"`;
  if (revert.panic !== undefined) return ` with panic 0x${revert.panic.toString(16).padStart(2, '0')}`;
  return revert.data && revert.data !== '0x' ? ` with data ${revert.data}` : ' without a reason';
}

function revertMismatch(
  expected: SolidityRevert,
  actual: NonNullable<StepObservation['revert']>,
): string | undefined {
  if (expected === true) return undefined;
  const got = `it reverted${describeRevert(actual)}`;
  if (expected.error !== undefined && expected.error !== actual.error)
    return `expected the error ${expected.error}, but ${got}`;
  if (expected.args !== undefined && !sameValue(expected.args, actual.args ?? []))
    return `expected ${expected.error ?? 'the error'} with ${JSON.stringify(expected.args)}, but ${got}`;
  if (expected.reason !== undefined && expected.reason !== actual.reason)
    return `expected the reason "${expected.reason}", but ${got}`;
  if (expected.panic !== undefined && expected.panic !== actual.panic)
    return `expected panic 0x${expected.panic.toString(16).padStart(2, '0')}, but ${got}`;
  return undefined;
}

function eventsMismatch(
  expected: SolidityEvent[],
  actual: (SolidityEvent & { from: string })[],
): string | undefined {
  const names = (events: SolidityEvent[]) => events.map((e) => e.name).join(', ') || 'none';
  if (expected.length !== actual.length)
    return `expected ${expected.length} event(s) (${names(expected)}), got ${actual.length} (${names(actual)})`;
  for (let k = 0; k < expected.length; k++) {
    const want = expected[k];
    const got = actual[k];
    if (want.name !== got.name || (want.from ?? 'contract') !== got.from)
      return `event ${k + 1}: expected ${want.name}, got ${got.name}`;
    if (want.args !== undefined && !sameValue(want.args, got.args ?? []))
      return `event ${k + 1} (${want.name}): expected arguments ${JSON.stringify(want.args)}, got ${JSON.stringify(got.args)}`;
  }
  return undefined;
}

/** Values as the runner writes them: integers as decimal strings, addresses and bytes as lowercase hex. */
function normalize(value: SolidityValue): SolidityValue {
  if (Array.isArray(value)) return value.map(normalize);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) return value.toLowerCase();
  return value;
}

export function sameValue(expected: SolidityValue, actual: SolidityValue | undefined | null): boolean {
  if (actual === undefined || actual === null) return false;
  return JSON.stringify(normalize(expected)) === JSON.stringify(normalize(actual));
}

function crashError(ran: BoxResult, during: string): TestError {
  if (ran.timedOut) return { type: 'TIMEOUT', reason: `The code timed out during ${during}.` };
  if (ran.outOfMemory)
    return { type: 'OUT_OF_MEMORY', reason: `The code ran out of memory during ${during}.` };
  if (ran.outputTruncated) return { type: 'OUTPUT_TOO_LARGE', reason: 'The run printed too much.' };
  const last = ran.stderr.trim().split('\n').slice(-3).join('\n');
  return {
    type: 'RUNTIME',
    reason: `The judge stopped during ${during} (${describeExit(ran)})${last ? `: ${last}` : '.'}`,
  };
}

function describeExit(ran: BoxResult): string {
  if (ran.timedOut) return 'timed out';
  return ran.signal ? `signal ${ran.signal}` : `exit code ${ran.exitCode}`;
}

function parseLines(text: string): RunnerLine[] {
  const lines: RunnerLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const line: unknown = JSON.parse(raw);
      if (line && typeof line === 'object' && !Array.isArray(line)) lines.push(line as RunnerLine);
    } catch {
      // a partial last line (killed mid-write)
    }
  }
  return lines;
}

export type SolidityProjectJudgeRequest = {
  sandbox: Sandbox;
  source: string;
  project: Pick<SolidityProject, 'contractName' | 'support'> & {
    milestones: Pick<SolidityProject['milestones'][number], 'title' | 'tests'>[];
  };
  /** Only these milestones (indexes); every one when absent. */
  milestones?: number[];
  limits?: Partial<BoxLimits>;
};

export type SolidityMilestoneResult = {
  index: number;
  title: string;
  passed: boolean;
  results: TestOutcome[];
};

/**
 * A project's milestones judged in one box (one compile): the whole run, and its results split per
 * milestone. A milestone passes when it has tests and every one passed.
 */
export async function judgeSolidityProject(
  request: SolidityProjectJudgeRequest,
): Promise<{ run: RunTestsResult; milestones: SolidityMilestoneResult[] }> {
  const chosen = request.project.milestones
    .map((milestone, index) => ({ milestone, index }))
    .filter(({ index }) => !request.milestones || request.milestones.includes(index));
  const tests = chosen.flatMap(({ milestone }) => milestone.tests);
  const run = await judgeSolidity({
    sandbox: request.sandbox,
    source: request.source,
    question: { contractName: request.project.contractName, tests, support: request.project.support },
    limits: request.limits,
  });
  let offset = 0;
  const milestones = chosen.map(({ milestone, index }) => {
    const results = run.results.slice(offset, offset + milestone.tests.length);
    offset += milestone.tests.length;
    const passed =
      results.length === milestone.tests.length && results.length > 0 && results.every((r) => r.passed);
    return { index, title: milestone.title, passed, results };
  });
  return { run, milestones };
}
