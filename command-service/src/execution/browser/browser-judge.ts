/*
 * Frontend judging: the learner's HTML, CSS and JavaScript run in headless Chromium inside the sandbox,
 * either against the question's mocha tests (`judgeMocha`) or rendered and compared with the reference
 * solution's rendering (`judgeScreenshot`). One box per judgement; in it node runs browser-runner's program,
 * which starts Chromium over a DevTools pipe (no port, no network), serves only the page's own files and
 * writes its findings to result.json. Everything is decided here, on the host: the box only reports.
 *
 * Chromium runs with `--no-sandbox`: its own sandbox needs either a setuid helper or new user namespaces,
 * and the box forbids both (`--disable-userns`, no capabilities, an unprivileged uid). The bubblewrap box is
 * the boundary, exactly as for every other language: no network namespace route, read-only /usr, a tmpfs
 * work dir, cgroup limits on memory, processes and CPU, and a wall clock that kills everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import {
  executionStatusOf,
  toTestResult,
  type ExecutionStatus,
  type RunResponse,
  type TestResult,
} from '@app/contracts';
import type { BoxLimits, BoxResult, Sandbox } from '../sandbox';
import { BROWSER_RUNNER_SOURCE } from './browser-runner';
import { compareScreenshots, type ScreenshotComparison } from './compare-screenshots';

/** The learner's three files (or a reference solution's). */
export type FrontendFiles = { html: string; css: string; js: string };
export type Viewport = { width: number; height: number; deviceScaleFactor: number };
/** `threshold`: pixelmatch's per-pixel colour distance (0 to 1); `maxDiffRatio`: share of pixels allowed to differ. */
export type ScreenshotTolerance = { threshold: number; maxDiffRatio: number };

export type MochaQuestion = {
  /** The mocha test file (BDD: describe/it; `expect`, `assert` and `chai` are globals). */
  tests: string;
  /** Per-test limit; mocha fails a slower async test, the runner kills a test that never yields. */
  testTimeoutMs?: number;
};
export type ScreenshotQuestion = {
  /** The reference solution, rendered by the same judge (cached by content hash). */
  reference: FrontendFiles;
  viewport: Viewport;
  tolerance: ScreenshotTolerance;
};

/** One mocha test as the page ran it. */
export type BrowserTest = {
  title: string;
  /** What the page printed (console.*) while this test ran. */
  output?: string;
  passed: boolean;
  /** Why it failed: the assertion's message, TIMEOUT, NOT_RUN... (null when passed). */
  error: { type: string; reason: string } | null;
  /** chai's expected and actual values as JSON text, when the assertion had them. */
  expected?: string;
  actual?: string;
  durationMs?: number;
};

export type BrowserTiming = {
  /** node's own start in the box, before the runner's first line. */
  nodeStartMs: number;
  /** From spawning Chromium to its first DevTools answer, inside the box. */
  browserStartMs: number;
  /** Per page: a fresh context and tab, the page's load, then its tests or its screenshot. */
  /** harnessMs: the mocha harness's set-up in the page (mocha, chai, freezing the built-ins), part of loadMs. */
  pages: { id: string; openMs?: number; loadMs?: number; harnessMs?: number; workMs?: number }[];
  /** The whole box command (node, Chromium, pages). */
  boxMs: number;
  /** From the judge call to its answer. */
  totalMs: number;
};

export type MochaJudgement = {
  status: Extract<ExecutionStatus, 'unitTestsPassed' | 'unitTestsFailed' | 'outOfResources'>;
  response: RunResponse;
  tests: BrowserTest[];
  /** Requests the page made that the judge refused (anything but its own files). */
  blockedRequests: string[];
  timing: BrowserTiming;
};

export type ScreenshotJudgement = {
  status: Extract<
    ExecutionStatus,
    'screenshotSubmissionPassed' | 'screenshotSubmissionFailed' | 'outOfResources'
  >;
  response: RunResponse;
  /** Share of the viewport's pixels that differ (null when the page could not be rendered). */
  diffRatio: number | null;
  diffPixels: number | null;
  /** PNG, base64: differing pixels in red over a faded copy of the reference. */
  diffImage: string | null;
  /** The learner's rendering, PNG base64. */
  screenshot: string | null;
  blockedRequests: string[];
  timing: BrowserTiming;
};

export type BrowserJudgeOptions = {
  /** The Chromium binary itself (Debian's /usr/bin/chromium is a wrapper script reading /etc). */
  chromiumPath?: string;
  /** Wall clock of one judgement in the box; every process is killed when it passes. */
  wallMs?: number;
  /** A page's load (and a screenshot's render) must finish within this. */
  loadTimeoutMs?: number;
  /** All of a page's tests together. */
  suiteTimeoutMs?: number;
  memoryLimitMb?: number;
  /** References' screenshots kept in memory, by content hash (oldest dropped first). */
  referenceCacheSize?: number;
};

export const DEFAULT_CHROMIUM_PATH = '/usr/lib/chromium/chromium';
const ORIGIN = 'https://judge.invalid';
const DEFAULT_TEST_TIMEOUT_MS = 2000;
/** Bump when the runner or the page setup changes what a rendering looks like (invalidates references). */
const RENDERING_VERSION = 1;

/** Whether this machine has the Chromium the judge runs (bound into the box with /usr). */
export function chromiumAvailable(path = DEFAULT_CHROMIUM_PATH): boolean {
  return existsSync(path);
}

type RunnerPage = {
  id: string;
  phase: string;
  tests: {
    title: string;
    passed: boolean;
    message?: string;
    expected?: string;
    actual?: string;
    ms?: number;
  }[];
  allTests?: string[];
  pageErrors: string[];
  blocked: string[];
  navigatedAway: boolean;
  timedOut: { phase: string; test: string | null } | null;
  failure?: string;
  testsLoadError?: string;
  screenshot?: string;
  currentTest?: string | null;
  openMs?: number;
  loadMs?: number;
  workMs?: number;
  harnessMs?: number;
  logs?: { test: string | null; text: string }[];
  /** Messages on the judge's binding without the page's nonce (a page trying to report results itself). */
  ignoredReports?: number;
  done: boolean;
};
type RunnerResult = {
  pages: RunnerPage[];
  nodeStartMs: number;
  browserStartMs: number;
  error: string | null;
};

type PageSpec = {
  id: string;
  mode: 'mocha' | 'screenshot';
  files: Record<string, string>;
  viewport: Viewport;
  testTimeoutMs: number;
  loadTimeoutMs: number;
  suiteTimeoutMs: number;
};

let assets: { mocha: string; chai: string } | undefined;
/** mocha's browser build and chai's ES module as a function body, read once from node_modules. */
function pageAssets(): { mocha: string; chai: string } {
  assets ??= {
    mocha: readFileSync(require.resolve('mocha/mocha.js'), 'utf8'),
    chai: chaiFunctionBody(readFileSync(require.resolve('chai'), 'utf8')),
  };
  return assets;
}

/**
 * chai's bundle is one ES module ending in one `export { a, b as c }`; the harness needs it as a function body
 * returning its exports (no import: the page could import the same module and change chai before the tests).
 */
export function chaiFunctionBody(source: string): string {
  const found = /\nexport\s*\{([^}]*)\};?\s*$/.exec(source);
  if (!found || /^\s*(import|export)\b/m.test(source.slice(0, found.index)))
    throw new Error("chai's bundle changed shape: one final export list expected");
  const entries = found[1]
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [local, exported] = entry.split(/\s+as\s+/);
      return exported ? `${exported}: ${local}` : local;
    });
  return `'use strict';\n${source.slice(0, found.index)}\nreturn { ${entries.join(', ')} };`;
}

/**
 * Fontconfig's setup in the box (the box's /etc has no fonts directory): the system fonts, a cache in /tmp, and
 * DejaVu Sans for sans-serif, system-ui and any family not installed (without it, fontconfig's first match is a serif).
 */
const FONTS_CONF = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>/usr/share/fonts</dir>
  <cachedir>/tmp/fontconfig</cachedir>
  <alias><family>sans-serif</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <alias><family>serif</family><prefer><family>DejaVu Serif</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>DejaVu Sans Mono</family></prefer></alias>
  <alias><family>system-ui</family><prefer><family>DejaVu Sans</family></prefer></alias>
  <match target="pattern"><edit name="family" mode="append_last"><string>DejaVu Sans</string></edit></match>
</fontconfig>
`;

function pageFiles(files: FrontendFiles): Record<string, string> {
  return { 'index.html': files.html, 'styles.css': files.css, 'script.js': files.js };
}

export class BrowserJudge {
  private readonly chromiumPath: string;
  private readonly wallMs: number;
  private readonly loadTimeoutMs: number;
  private readonly suiteTimeoutMs: number;
  private readonly memoryLimitMb: number;
  private readonly referenceCacheSize: number;
  private readonly references = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly sandbox: Sandbox,
    options: BrowserJudgeOptions = {},
  ) {
    this.chromiumPath = options.chromiumPath ?? DEFAULT_CHROMIUM_PATH;
    this.wallMs = options.wallMs ?? 20_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 5000;
    this.suiteTimeoutMs = options.suiteTimeoutMs ?? 12_000;
    this.memoryLimitMb = options.memoryLimitMb ?? 1536;
    this.referenceCacheSize = options.referenceCacheSize ?? 64;
  }

  /** Runs the question's mocha tests against the learner's page. */
  async judgeMocha(input: FrontendFiles & { question: MochaQuestion }): Promise<MochaJudgement> {
    const started = Date.now();
    const testTimeoutMs = input.question.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
    const { ran, result } = await this.runPages([this.pageSpec('learner', 'mocha', input, testTimeoutMs)], {
      tests: input.question.tests,
    });
    const page = result?.pages[0];
    const tests = mochaTests(page, ran, result, testTimeoutMs, this.loadTimeoutMs);
    const outOfResources = ran.outOfMemory || ran.processLimitHit;
    const response: RunResponse = {
      RawOutput: rawOutput(page, tests),
      TestResults: tests.map(toBrowserTestResult),
      JSONTests: false,
      HasError: false,
      OutOfResources: outOfResources,
      wasAborted: false,
    };
    return {
      status: executionStatusOf(response, 'unitTests') as MochaJudgement['status'],
      response,
      tests,
      blockedRequests: page?.blocked ?? [],
      timing: {
        ...timingOf(result),
        boxMs: ran.durationMs,
        totalMs: Date.now() - started,
      },
    };
  }

  /** Renders the learner's page and compares it with the reference rendering within the tolerance. */
  async judgeScreenshot(
    input: FrontendFiles & { question: ScreenshotQuestion },
  ): Promise<ScreenshotJudgement> {
    const started = Date.now();
    const { question } = input;
    const key = this.referenceKey(question);
    const cached = this.references.get(key);
    const learner = this.pageSpec('learner', 'screenshot', input, 0, question.viewport);
    let reference: Buffer;
    let rendered: Awaited<ReturnType<BrowserJudge['runPages']>>;
    if (cached) {
      reference = await cached;
      rendered = await this.runPages([learner]);
    } else {
      // A cache miss renders the reference first in the same browser: one browser start for both.
      const referenceSpec = this.pageSpec(
        'reference',
        'screenshot',
        question.reference,
        0,
        question.viewport,
      );
      rendered = await this.runPages([referenceSpec, learner]);
      const shot = rendered.shots.get('reference');
      if (!shot) {
        throw new Error(
          `the reference solution could not be rendered: ${describeFailure(rendered.result?.pages[0])}`,
        );
      }
      reference = shot;
      this.remember(key, Promise.resolve(shot));
    }
    const { ran, result, shots } = rendered;
    const page = result?.pages.find((candidate) => candidate.id === 'learner');
    const shot = shots.get('learner');
    const timing = {
      ...timingOf(result),
      boxMs: ran.durationMs,
      totalMs: Date.now() - started,
    };
    const outOfResources = ran.outOfMemory || ran.processLimitHit;
    let comparison: ScreenshotComparison | undefined;
    let testResult: TestResult;
    if (shot) {
      comparison = await compareScreenshots(reference, shot, question.tolerance.threshold);
      const matches = comparison.diffRatio <= question.tolerance.maxDiffRatio;
      testResult = {
        Expected: `at most ${percent(question.tolerance.maxDiffRatio)} of the pixels differ from the reference`,
        Actual: `${percent(comparison.diffRatio)} of the pixels differ (${comparison.diffPixels} of ${comparison.width * comparison.height})`,
        Matches: matches,
        Error: matches
          ? null
          : {
              type: 'SCREENSHOT_MISMATCH',
              reason: 'The rendering differs from the reference beyond the tolerance.',
            },
        outputToDisplay: page?.pageErrors.length ? page.pageErrors.join('\n') : '',
        hideOutput: false,
      };
    } else {
      testResult = {
        Expected: 'a rendering of the page',
        Actual: '',
        Matches: false,
        Error: pageError(page, ran, this.loadTimeoutMs),
        outputToDisplay: page?.pageErrors.join('\n') ?? '',
        hideOutput: false,
      };
    }
    const response: RunResponse = {
      RawOutput: [...(page?.pageErrors ?? []), ...blockedLines(page)].join('\n'),
      TestResults: [testResult],
      JSONTests: false,
      HasError: false,
      OutOfResources: outOfResources,
      wasAborted: false,
    };
    return {
      status: executionStatusOf(response, 'screenshotSubmission') as ScreenshotJudgement['status'],
      response,
      diffRatio: comparison?.diffRatio ?? null,
      diffPixels: comparison?.diffPixels ?? null,
      diffImage: comparison ? comparison.diffImage.toString('base64') : null,
      screenshot: shot ? shot.toString('base64') : null,
      blockedRequests: page?.blocked ?? [],
      timing,
    };
  }

  /** The reference's rendering (rendered once per content hash). */
  async referenceScreenshot(question: ScreenshotQuestion): Promise<Buffer> {
    const key = this.referenceKey(question);
    let shot = this.references.get(key);
    if (!shot) {
      shot = this.runPages([
        this.pageSpec('reference', 'screenshot', question.reference, 0, question.viewport),
      ]).then(({ shots, result }) => {
        const found = shots.get('reference');
        if (!found)
          throw new Error(
            `the reference solution could not be rendered: ${describeFailure(result?.pages[0])}`,
          );
        return found;
      });
      this.remember(key, shot);
      shot.catch(() => this.references.delete(key));
    }
    return shot;
  }

  private remember(key: string, shot: Promise<Buffer>): void {
    this.references.set(key, shot);
    shot.catch(() => undefined);
    while (this.references.size > this.referenceCacheSize) {
      this.references.delete(this.references.keys().next().value!);
    }
  }

  private referenceKey(question: ScreenshotQuestion): string {
    return createHash('sha256')
      .update(JSON.stringify([RENDERING_VERSION, this.chromiumPath, question.viewport, question.reference]))
      .digest('hex');
  }

  private pageSpec(
    id: string,
    mode: PageSpec['mode'],
    files: FrontendFiles,
    testTimeoutMs: number,
    viewport: Viewport = { width: 1024, height: 768, deviceScaleFactor: 1 },
  ): PageSpec {
    return {
      id,
      mode,
      files: pageFiles(files),
      viewport,
      testTimeoutMs,
      loadTimeoutMs: this.loadTimeoutMs,
      suiteTimeoutMs: this.suiteTimeoutMs,
    };
  }

  private async runPages(
    pages: PageSpec[],
    extra: { tests?: string } = {},
  ): Promise<{ ran: BoxResult; result: RunnerResult | undefined; shots: Map<string, Buffer> }> {
    const { mocha, chai } = pageAssets();
    const job = {
      chromium: this.chromiumPath,
      origin: ORIGIN,
      wallMs: this.wallMs,
      heapMb: Math.floor(this.memoryLimitMb / 4),
      assets: { mocha, chai, tests: extra.tests ?? '' },
      pages,
    };
    const box = await this.sandbox.open([
      { path: 'runner.js', content: BROWSER_RUNNER_SOURCE },
      { path: 'job.json', content: JSON.stringify(job) },
      { path: 'fonts.conf', content: FONTS_CONF },
    ]);
    try {
      const limits: BoxLimits = {
        timeLimitMs: this.wallMs + 5000,
        memoryLimitMb: this.memoryLimitMb,
        maxProcesses: 512,
        maxOutputBytes: 4 * 1024 * 1024,
        workDirSizeMb: 128,
        maxOpenFiles: 4096,
        cpuCores: 1,
      };
      const ran = await box.run({
        argv: ['node', 'runner.js'],
        env: { FONTCONFIG_FILE: `${box.workDir ?? '.'}/fonts.conf`, DBUS_SESSION_BUS_ADDRESS: 'disabled:' },
        limits,
        resultFile: 'result.json',
      });
      let result: RunnerResult | undefined;
      try {
        result = ran.result ? (JSON.parse(ran.result) as RunnerResult) : undefined;
      } catch {
        result = undefined;
      }
      const shots = new Map<string, Buffer>();
      const names = (result?.pages ?? []).filter((page) => page.screenshot === `shot-${page.id}.png`);
      if (names.length > 0 && box.readFiles) {
        const read = await box.readFiles(
          names.map((page) => `shot-${page.id}.png`),
          64 * 1024 * 1024,
        );
        if ('files' in read) {
          for (const file of read.files) {
            const id = /^shot-(.+)\.png$/.exec(file.path)?.[1];
            if (id) shots.set(id, Buffer.from(file.content));
          }
        }
      }
      return { ran, result, shots };
    } finally {
      await box.dispose();
    }
  }
}

function timingOf(result: RunnerResult | undefined): Omit<BrowserTiming, 'boxMs' | 'totalMs'> {
  return {
    nodeStartMs: result?.nodeStartMs ?? 0,
    browserStartMs: result?.browserStartMs ?? 0,
    pages: (result?.pages ?? []).map(({ id, openMs, loadMs, harnessMs, workMs }) => ({
      id,
      openMs,
      loadMs,
      harnessMs,
      workMs,
    })),
  };
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(2)}%`;
}

/** Why a page produced nothing, as a test error. */
function pageError(
  page: RunnerPage | undefined,
  ran: BoxResult,
  loadTimeoutMs: number,
): { type: string; reason: string } {
  if (ran.outOfMemory) return { type: 'OUT_OF_MEMORY', reason: 'The page ran out of memory.' };
  if (ran.processLimitHit)
    return { type: 'OUT_OF_RESOURCES', reason: 'The browser started too many processes.' };
  if (page?.navigatedAway)
    return {
      type: 'NAVIGATION',
      reason: 'The page navigated away from index.html; the judge allows no navigation.',
    };
  if (
    page?.timedOut?.phase === 'load' ||
    page?.timedOut?.phase === 'render' ||
    page?.timedOut?.phase === 'open'
  )
    return {
      type: 'TIMEOUT',
      reason: `The page did not finish loading within ${loadTimeoutMs / 1000} s (an endless loop in script.js?).`,
    };
  if (page?.timedOut || ran.timedOut)
    return { type: 'TIMEOUT', reason: 'The page stopped responding and was stopped.' };
  return { type: 'RUNTIME', reason: `The page could not be judged: ${describeFailure(page)}` };
}

function describeFailure(page: RunnerPage | undefined): string {
  if (!page) return 'the browser did not start';
  return page.failure ?? page.timedOut?.phase ?? page.phase;
}

/** The runner's findings as one test per mocha test, with the tests it never reached as NOT_RUN. */
function mochaTests(
  page: RunnerPage | undefined,
  ran: BoxResult,
  result: RunnerResult | undefined,
  testTimeoutMs: number,
  loadTimeoutMs: number,
): BrowserTest[] {
  if (!page || (page.phase !== 'tests' && !page.done)) {
    return [{ title: 'The page loads', passed: false, error: pageError(page, ran, loadTimeoutMs) }];
  }
  if (page.testsLoadError) {
    return [
      {
        title: 'The tests load',
        passed: false,
        error: { type: 'RUNTIME', reason: `The tests could not start: ${page.testsLoadError}` },
      },
    ];
  }
  const printed = (title: string) =>
    (page.logs ?? [])
      .filter((log) => log.test === title)
      .map((log) => log.text)
      .join('\n');
  const tests: BrowserTest[] = page.tests.map((test) => ({
    title: test.title,
    ...(printed(test.title) ? { output: printed(test.title) } : {}),
    passed: test.passed,
    error: test.passed ? null : { type: 'AssertionError', reason: test.message ?? 'failed' },
    ...(test.expected !== undefined ? { expected: test.expected } : {}),
    ...(test.actual !== undefined ? { actual: test.actual } : {}),
    ...(test.ms !== undefined ? { durationMs: test.ms } : {}),
  }));
  const seen = new Set(tests.map((test) => test.title));
  const stuck = page.timedOut?.test ?? page.currentTest ?? null;
  if (stuck && !seen.has(stuck)) {
    seen.add(stuck);
    tests.push({
      title: stuck,
      passed: false,
      error: page.navigatedAway
        ? {
            type: 'NAVIGATION',
            reason: 'The page navigated away during this test; the judge allows no navigation.',
          }
        : {
            type: 'TIMEOUT',
            reason: `This test did not finish within ${testTimeoutMs / 1000} s and the page stopped responding (an endless loop?); the browser was stopped.`,
          },
    });
  }
  const interrupted = !page.done || result?.error;
  // Every test mocha listed needs a result of its own: two tests of one title need two.
  const reported = new Map<string, number>();
  for (const test of tests) reported.set(test.title, (reported.get(test.title) ?? 0) + 1);
  for (const title of page.allTests ?? []) {
    const left = reported.get(title) ?? 0;
    if (left > 0) {
      reported.set(title, left - 1);
      continue;
    }
    tests.push({
      title,
      passed: false,
      error: {
        type: 'NOT_RUN',
        reason: interrupted ? `Not run: ${interruption(page, ran)}.` : 'Not run.',
      },
    });
  }
  if (!page.done && tests.every((test) => test.passed)) {
    tests.push({ title: 'The tests finish', passed: false, error: pageError(page, ran, loadTimeoutMs) });
  }
  return tests;
}

function interruption(page: RunnerPage, ran: BoxResult): string {
  if (ran.outOfMemory) return 'the page ran out of memory';
  if (page.navigatedAway) return 'the page navigated away';
  if (page.timedOut)
    return page.timedOut.test
      ? `the page stopped responding during "${page.timedOut.test}"`
      : 'the page timed out';
  return 'the browser stopped';
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toBrowserTestResult(test: BrowserTest): TestResult {
  return toTestResult({
    expected: parseJson(test.expected),
    actual: parseJson(test.actual),
    matches: test.passed,
    error: test.error,
    // The spec's test result has no title: it leads the test's output.
    stdout: test.output ? `${test.title}\n${test.output}` : test.title,
    hidden: false,
  });
}

function blockedLines(page: RunnerPage | undefined): string[] {
  return (page?.blocked ?? []).map((url) => `Blocked (the judge allows no network): ${url}`);
}

/** A mocha-like summary: one line per test, then the page's errors and refused requests. */
function rawOutput(page: RunnerPage | undefined, tests: BrowserTest[]): string {
  const lines = tests.map((test) =>
    test.passed ? `✓ ${test.title}` : `✗ ${test.title}: ${test.error?.reason ?? ''}`,
  );
  const passed = tests.filter((test) => test.passed).length;
  lines.push(`${passed} of ${tests.length} tests passed`);
  for (const error of page?.pageErrors ?? []) lines.push(`Page error: ${error}`);
  if (page?.ignoredReports)
    lines.push(`The page sent ${page.ignoredReports} results of its own; the judge ignored them.`);
  lines.push(...blockedLines(page));
  return lines.join('\n');
}
