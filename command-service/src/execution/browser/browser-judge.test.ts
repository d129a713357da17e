/*
 * The browser judge for real: headless Chromium in the bubblewrap box. A correct and a wrong page of each
 * kind, then hostile pages (endless loops, a huge page, network and navigation attempts) that must end
 * quickly with a clear result. In CI (CI=true) a missing sandbox or Chromium fails; elsewhere it skips.
 */
import { PNG } from 'pngjs';
import type { BubblewrapSandbox } from '../sandbox';
import type { BrowserJudge, FrontendFiles, ScreenshotQuestion } from './browser-judge';
import { browserJudgeForTests } from './test-support';

let sandbox: BubblewrapSandbox | undefined;
let judge: BrowserJudge | undefined;

beforeAll(async () => {
  const found = await browserJudgeForTests({ loadTimeoutMs: 4000, wallMs: 20_000 });
  sandbox = found?.sandbox;
  judge = found?.judge;
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const page = (body: string, js = '', css = ''): FrontendFiles => ({
  html:
    '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="styles.css"></head>' +
    `<body>${body}<script src="script.js"></script></body></html>`,
  css,
  js,
});

const sumTests = `
  describe('sum', () => {
    it('adds two numbers', () => {
      expect(sum(2, 3)).to.equal(5);
    });
    it('adds negative numbers', () => {
      expect(sum(-2, -3)).to.equal(-5);
    });
    it('reads the page', () => {
      expect(document.getElementById('out').textContent).to.equal('ready');
    });
  });
`;

describe('judgeMocha', () => {
  it('passes a correct page, test by test', async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      ...page(
        '<p id="out"></p>',
        "function sum(a, b) { console.log('sum', a, b); return a + b; }\ndocument.getElementById('out').textContent = 'ready';",
      ),
      question: { tests: sumTests },
    });
    expect(judged.status).toBe('unitTestsPassed');
    expect(judged.tests.map((test) => [test.title, test.passed])).toEqual([
      ['sum adds two numbers', true],
      ['sum adds negative numbers', true],
      ['sum reads the page', true],
    ]);
    expect(judged.response.TestResults.every((result) => result.Matches && result.Error === null)).toBe(true);
    expect(judged.response.OutOfResources).toBe(false);
    // The spec's test result has no title: the title leads what the page printed during the test.
    expect(judged.response.TestResults.map((result) => result.outputToDisplay)).toEqual([
      'sum adds two numbers\nsum 2 3',
      'sum adds negative numbers\nsum -2 -3',
      'sum reads the page',
    ]);
    console.log(`[browser judge] mocha judgement: ${JSON.stringify(judged.timing)}`);
  }, 60_000);

  it('fails a wrong page with the assertion, expected and actual', async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      ...page(
        '<p id="out"></p>',
        "function sum(a, b) { return a - b; }\ndocument.getElementById('out').textContent = 'ready';",
      ),
      question: { tests: sumTests },
    });
    expect(judged.status).toBe('unitTestsFailed');
    const [first] = judged.response.TestResults;
    expect(first).toMatchObject({ Expected: '5', Actual: '-1', Matches: false });
    expect(first.Error).toEqual({ type: 'AssertionError', reason: 'expected -1 to equal 5' });
    expect(judged.tests[2]).toMatchObject({ title: 'sum reads the page', passed: true });
    expect(judged.response.RawOutput).toContain('✗ sum adds two numbers: expected -1 to equal 5');
  }, 60_000);

  it("fails an async test that never settles through mocha's own timeout", async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      ...page(''),
      question: {
        tests: "it('waits forever', () => new Promise(() => {})); it('then runs', () => {});",
        testTimeoutMs: 300,
      },
    });
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests[0]).toMatchObject({ title: 'waits forever', passed: false });
    expect(judged.tests[0].error?.reason).toContain('Timeout of 300ms exceeded');
    expect(judged.tests[1]).toMatchObject({ title: 'then runs', passed: true });
  }, 60_000);
});

describe('judgeScreenshot', () => {
  const question: ScreenshotQuestion = {
    reference: page(
      '<div class="box"></div>',
      '',
      'body { margin: 0; } .box { width: 200px; height: 100px; margin: 40px; background: #2563eb; }',
    ),
    viewport: { width: 400, height: 300, deviceScaleFactor: 1 },
    tolerance: { threshold: 0.1, maxDiffRatio: 0.01 },
  };

  it('passes a page that renders like the reference', async () => {
    if (!judge) return;
    const judged = await judge.judgeScreenshot({
      ...page(
        '<div class="box"></div>',
        '',
        'body { margin: 0; } .box { width: 200px; height: 100px; margin: 40px; background: rgb(37, 99, 235); }',
      ),
      question,
    });
    expect(judged.status).toBe('screenshotSubmissionPassed');
    expect(judged.diffRatio).toBe(0);
    const shot = PNG.sync.read(Buffer.from(judged.screenshot!, 'base64'));
    expect([shot.width, shot.height]).toEqual([400, 300]);
    console.log(
      `[browser judge] screenshot judgement (reference rendered in the same box): ${JSON.stringify(judged.timing)}`,
    );
  }, 60_000);

  it('fails a page beyond the tolerance and gives the diff image', async () => {
    if (!judge) return;
    const judged = await judge.judgeScreenshot({
      ...page(
        '<div class="box"></div>',
        '',
        'body { margin: 0; } .box { width: 220px; height: 100px; margin: 40px; background: #2563eb; }',
      ),
      question,
    });
    expect(judged.status).toBe('screenshotSubmissionFailed');
    // 20 × 100 extra pixels of 400 × 300.
    expect(judged.diffPixels).toBe(2000);
    expect(judged.diffRatio).toBeCloseTo(2000 / 120_000, 6);
    expect(judged.response.TestResults[0]).toMatchObject({
      Matches: false,
      Error: { type: 'SCREENSHOT_MISMATCH' },
    });
    const diff = PNG.sync.read(Buffer.from(judged.diffImage!, 'base64'));
    expect([diff.width, diff.height]).toEqual([400, 300]);
  }, 60_000);

  it('clips a huge page with a huge DOM to the viewport', async () => {
    if (!judge) return;
    const started = Date.now();
    const judged = await judge.judgeScreenshot({
      ...page(
        '',
        "const root = document.createElement('div'); for (let i = 0; i < 50000; i++) root.appendChild(document.createElement('span')).textContent = i; document.body.appendChild(root);",
        'body { margin: 0; height: 200000px; width: 50000px; background: linear-gradient(red, blue); }',
      ),
      question,
    });
    expect(judged.status).toBe('screenshotSubmissionFailed');
    expect(judged.response.TestResults[0].Error).toMatchObject({ type: 'SCREENSHOT_MISMATCH' });
    const shot = PNG.sync.read(Buffer.from(judged.screenshot!, 'base64'));
    expect([shot.width, shot.height]).toEqual([400, 300]);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe('hostile pages', () => {
  it('stops an endless loop while the page loads', async () => {
    if (!judge) return;
    const started = Date.now();
    const judged = await judge.judgeMocha({ ...page('', 'while (true) {}'), question: { tests: sumTests } });
    const elapsed = Date.now() - started;
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests).toEqual([
      expect.objectContaining({
        title: 'The page loads',
        passed: false,
        error: expect.objectContaining({ type: 'TIMEOUT' }),
      }),
    ]);
    expect(elapsed).toBeLessThan(15_000);
  }, 60_000);

  it('stops an endless loop inside a test, which times out, and reports the tests it never reached', async () => {
    if (!judge) return;
    const started = Date.now();
    const judged = await judge.judgeMocha({
      ...page('', 'function spin() { for (;;) {} }'),
      question: {
        tests: "it('first', () => {}); it('spins', () => spin()); it('after', () => {});",
        testTimeoutMs: 500,
      },
    });
    const elapsed = Date.now() - started;
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests.map((test) => [test.title, test.passed, test.error?.type ?? null])).toEqual([
      ['first', true, null],
      ['spins', false, 'TIMEOUT'],
      ['after', false, 'NOT_RUN'],
    ]);
    expect(elapsed).toBeLessThan(15_000);
  }, 60_000);

  it("answers no request but the page's own files", async () => {
    if (!judge) return;
    const js = `
      const attempts = {};
      const record = (name, promise) =>
        (attempts[name] = promise.then(() => 'reached', (error) => 'blocked: ' + error.message));
      record('fetch', fetch('https://example.com/steal'));
      record('image', new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = resolve;
        image.onerror = () => reject(new Error('image failed'));
        image.src = 'http://198.51.100.7/pixel.png';
      }));
      record('websocket', new Promise((resolve, reject) => {
        try {
          const socket = new WebSocket('wss://example.com/socket');
          socket.onopen = resolve;
          socket.onerror = () => reject(new Error('socket failed'));
        } catch (error) {
          reject(error);
        }
      }));
      record('own', fetch('styles.css').then((response) => response.text()));
      attempts.popup = window.open('https://example.com/') === null ? 'blocked' : 'opened';
    `;
    const judged = await judge.judgeMocha({
      ...page('', js, 'body { color: black; }'),
      question: {
        tests: `
          it('cannot fetch another origin', async () => expect(await attempts.fetch).to.match(/^blocked/));
          it('cannot load an image from the network', async () => expect(await attempts.image).to.match(/^blocked/));
          it('cannot open a web socket', async () => expect(await attempts.websocket).to.match(/^blocked/));
          it('cannot open a window', () => expect(attempts.popup).to.equal('blocked'));
          it('can fetch its own files', async () => expect(await attempts.own).to.equal('reached'));
        `,
      },
    });
    expect(judged.tests.map((test) => [test.title, test.passed, test.error?.reason ?? null])).toEqual([
      ['cannot fetch another origin', true, null],
      ['cannot load an image from the network', true, null],
      ['cannot open a web socket', true, null],
      ['cannot open a window', true, null],
      ['can fetch its own files', true, null],
    ]);
    expect(judged.blockedRequests.join('\n')).toContain('example.com');
    expect(judged.response.RawOutput).toContain('Blocked (the judge allows no network)');
  }, 60_000);

  it('stops a page that navigates away', async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      ...page('', "setTimeout(() => { location.href = 'https://example.com/'; }, 0);"),
      question: {
        tests: "it('waits', () => new Promise((resolve) => setTimeout(resolve, 1500)));",
        testTimeoutMs: 3000,
      },
    });
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests.some((test) => !test.passed)).toBe(true);
    expect(judged.response.RawOutput).toMatch(/navigat/i);
  }, 60_000);
});

/*
 * Pages that try to fake their verdict. Each solves nothing (sum subtracts or answers 0) and tries another way
 * to make the tests pass anyway; each must end unitTestsFailed, with sum's tests failed on their merits.
 */
describe('pages that try to fake a pass', () => {
  const judgeSum = async (js: string) => {
    const judged = await judge!.judgeMocha({
      ...page('<p id="out"></p>', js),
      question: { tests: sumTests },
    });
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests.slice(0, 2).map((test) => [test.title, test.passed])).toEqual([
      ['sum adds two numbers', false],
      ['sum adds negative numbers', false],
    ]);
    return judged;
  };
  const printed = (judged: { tests: { output?: string }[] }) =>
    judged.tests.map((test) => test.output ?? '').join('\n');

  it('cannot replace chai: expect, assert and chai on window, or Object.prototype', async () => {
    if (!judge) return;
    const judged = await judgeSum(`
      const always = () => new Proxy(function () {}, {
        get: (target, key) => (key === 'then' ? undefined : always()),
        apply: () => always(),
      });
      window.expect = always;
      window.assert = always;
      window.chai = { expect: always, assert: always, Assertion: function () {} };
      var assert = always;
      try { Object.defineProperty(Object.prototype, 'to', { get() { return this; } }); } catch (e) { console.log('to: ' + e.message); }
      try { Object.prototype.equal = function () {}; } catch (e) { console.log('equal: ' + e.message); }
      try { Object.is = () => true; } catch (e) { console.log('is: ' + e.message); }
      function sum(a, b) { return a - b; }
      document.getElementById('out').textContent = 'ready';
    `);
    expect(judged.tests[0].error?.reason).toBe('expected -1 to equal 5');
    expect(judged.tests[2]).toMatchObject({ title: 'sum reads the page', passed: true });
  }, 60_000);

  it("cannot patch mocha's runner or the built-ins mocha and chai call, nor reach mocha up the stack", async () => {
    if (!judge) return;
    const judged = await judgeSum(`
      window.mocha = { run(done) { done(); } };
      window.Mocha = { Runner: { prototype: { fail() {}, emit() {} } } };
      const attempts = [
        () => { Function.prototype.call = function () {}; },
        () => { Function.prototype.apply = function () {}; },
        () => { Array.prototype.forEach = function () {}; },
        () => { Object.keys = () => []; },
        () => { Error.prototype.toString = () => 'passed'; },
        () => { Error.prepareStackTrace = (error, frames) => { window.stolenFrames = frames; return ''; }; },
        () => { Object.setPrototypeOf(Array.prototype, null); },
        () => { Object.defineProperty(Promise.prototype, 'then', { value: (resolve) => resolve() }); },
        () => { EventTarget.prototype.dispatchEvent = () => true; },
        () => { document.getElementById = () => ({ textContent: 'ready' }); },
      ];
      for (const attempt of attempts) {
        try { attempt(); } catch (e) { console.log('refused: ' + e.message); }
      }
      function sum(a, b) {
        console.log('caller: ' + (sum.caller === null ? 'null' : typeof sum.caller));
        new Error('probe').stack;
        console.log('frames: ' + typeof window.stolenFrames);
        return a - b;
      }
    `);
    expect(judged.tests[0].error?.reason).toBe('expected -1 to equal 5');
    // The page's own text was never set: the page cannot stand in for document either.
    expect(judged.tests[2]).toMatchObject({ title: 'sum reads the page', passed: false });
    expect(printed(judged)).toContain('caller: null');
    expect(printed(judged)).toContain('frames: undefined');
  }, 60_000);

  it('cannot report results itself: no binding on window, forged reports ignored, console and globals unread', async () => {
    if (!judge) return;
    const judged = await judgeSum(`
      const titles = ['sum adds two numbers', 'sum adds negative numbers', 'sum reads the page'];
      const forge = (report) => {
        report(JSON.stringify({ type: 'ready', allTests: titles }));
        for (const title of titles) {
          report(JSON.stringify({ type: 'start', title }));
          report(JSON.stringify({ type: 'end', title, passed: true }));
        }
        report(JSON.stringify({ type: 'done' }));
      };
      const reporters = (scope) => Object.getOwnPropertyNames(scope)
        .filter((name) => /^__|judge/i.test(name) && typeof scope[name] === 'function')
        .map((name) => scope[name]);
      console.log('window reporters: ' + reporters(window).length);
      reporters(window).forEach(forge);
      // A frame of its own has the judge's binding too (every frame does), but not the nonce.
      const frame = document.createElement('iframe');
      document.body.appendChild(frame);
      reporters(frame.contentWindow).forEach(forge);
      window.__results = { passes: 3, failures: 0 };
      window.__judgeReport = () => {};
      titles.forEach((title) => console.log('✓ ' + title));
      window.dispatchEvent(new Event('load'));
      function sum() { return 0; }
    `);
    expect(judged.tests[2]).toMatchObject({ title: 'sum reads the page', passed: false });
    expect(judged.response.RawOutput).toMatch(/The page sent \d+ results of its own; the judge ignored them/);
  }, 60_000);

  it('cannot break the harness with getters, proxies and thrown values that throw', async () => {
    if (!judge) return;
    const judged = await judgeSum(`
      const boom = () => { throw new Error('boom'); };
      for (const key of ['message', 'then', 'stack', 'showDiff']) {
        try { Object.defineProperty(Object.prototype, key, { get: boom }); } catch (e) { console.log(key + ': ' + e.message); }
      }
      for (const key of ['expect', 'describe', 'it', 'onerror', 'setTimeout']) {
        try { Object.defineProperty(window, key, { get: boom, set: boom }); } catch (e) { console.log(key + ': ' + e.message); }
      }
      const poison = new Proxy({}, { get: boom, has: boom, getPrototypeOf: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
      function sum(a, b) {
        if (a === 2) throw poison;
        return poison;
      }
      document.getElementById('out').textContent = 'ready';
    `);
    expect(judged.tests).toHaveLength(3);
    expect(judged.tests[2]).toMatchObject({ title: 'sum reads the page', passed: true });
  }, 60_000);

  it('cannot settle a test that returns its value with a thenable of its own', async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      // then() never calls the test's callback and answers a thenable that settles at once.
      ...page('', 'function later() { return { then() { return { then(resolve) { resolve(); } }; } }; }'),
      question: {
        tests: `
          it('checks the value', () => later().then((value) => expect(value).to.equal(2)));
          it('still waits for real promises', async () => expect(await Promise.resolve(1)).to.equal(1));
        `,
      },
    });
    expect(judged.status).toBe('unitTestsFailed');
    expect(judged.tests.map((test) => [test.title, test.passed, test.error?.reason ?? null])).toEqual([
      [
        'checks the value',
        false,
        'The test returned a thenable that is not a Promise; the judge waits only for promises.',
      ],
      ['still waits for real promises', true, null],
    ]);
  }, 60_000);

  it('cannot end the judgement early by closing the window', async () => {
    if (!judge) return;
    await judgeSum(`
      function sum(a, b) { window.close(); return a - b; }
      document.getElementById('out').textContent = 'ready';
    `);
  }, 60_000);
});

describe('ordinary pages under the frozen built-ins', () => {
  it("keep assigning their own objects' toString, message and constructor, and shadowing built-in names", async () => {
    if (!judge) return;
    const judged = await judge.judgeMocha({
      ...page(
        '<p id="out"></p>',
        `'use strict';
        class Node { constructor(value) { this.value = value; } }
        const point = { x: 1 };
        point.toString = () => 'point';
        const error = new Error();
        error.message = 'set later';
        function Legacy() {}
        Legacy.prototype.constructor = Legacy;
        Legacy.prototype.toString = function () { return 'legacy'; };
        window.Set = function () { throw new Error('not the tests' + "'" + ' Set'); };
        function sum(a, b) { return new Node(a).value + b; }
        document.getElementById('out').textContent = [String(point), error.message, String(new Legacy())].join(',');
        `,
      ),
      question: {
        tests: `
          it('adds', () => expect(sum(2, 3)).to.equal(5));
          it('sees the page', () => expect(document.getElementById('out').textContent).to.equal('point,set later,legacy'));
          it('keeps its own Set', () => expect(new Set([1, 1]).size).to.equal(1));
        `,
      },
    });
    expect(judged.tests.map((test) => [test.title, test.passed, test.error?.reason ?? null])).toEqual([
      ['adds', true, null],
      ['sees the page', true, null],
      ['keeps its own Set', true, null],
    ]);
    expect(judged.status).toBe('unitTestsPassed');
  }, 60_000);
});
