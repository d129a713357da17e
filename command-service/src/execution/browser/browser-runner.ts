/*
 * The program node runs inside the box (as `runner.js`): it starts Chromium with a DevTools pipe
 * (`--remote-debugging-pipe`: fd 3 to the browser, fd 4 from it, no port, no network), opens each page of
 * `job.json` in a fresh browser context, serves the page's own files from memory (every other request is
 * refused), then runs the page's mocha tests or takes its screenshot, and writes `result.json`.
 *
 * It speaks the DevTools protocol itself (a few commands) rather than loading playwright-core, so the box
 * needs nothing but node and Chromium. Any timeout kills the whole browser (a page in an endless loop
 * cannot be trusted to stop) and ends the job with what was collected so far: the host reads a partial
 * result, never a hang. Kept as text (no template literals inside) so the build ships it as is.
 */
export const BROWSER_RUNNER_SOURCE = String.raw`'use strict';
const fs = require('node:fs');
const { spawn } = require('node:child_process');

const job = JSON.parse(fs.readFileSync('job.json', 'utf8'));
const out = { pages: [], nodeStartMs: Math.round(process.uptime() * 1000), browserStartMs: 0, error: null };
let browser = null;
let finished = false;

function finish() {
  if (finished) return;
  finished = true;
  try { if (browser) process.kill(-browser.pid, 'SIGKILL'); } catch (e) { /* gone */ }
  fs.writeFileSync('result.json', JSON.stringify(out));
  process.exit(0);
}

const wall = setTimeout(() => {
  out.error = out.error || 'wall';
  const current = out.pages[out.pages.length - 1];
  if (current && !current.done && !current.timedOut) current.timedOut = { phase: current.phase, test: current.currentTest };
  finish();
}, job.wallMs);

const MAX_TEXT = 2000;
function clip(text) {
  const s = String(text);
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) + '…' : s;
}

// --- DevTools over the pipe ---
let nextId = 1;
const pending = new Map();
const listeners = new Map();
function send(method, params, sessionId) {
  if (!browser) return Promise.reject(new Error('no browser'));
  const id = nextId++;
  const message = { id: id, method: method, params: params || {} };
  if (sessionId) message.sessionId = sessionId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve, reject: reject, method: method });
    browser.stdio[3].write(JSON.stringify(message) + '\0');
  });
}
function on(sessionId, listener) {
  listeners.set(sessionId || '', listener);
}
function dispatch(message) {
  if (message.id !== undefined) {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (!waiter) return;
    if (message.error) waiter.reject(new Error(waiter.method + ': ' + message.error.message));
    else waiter.resolve(message.result);
    return;
  }
  const listener = listeners.get(message.sessionId || '');
  if (listener) listener(message.method, message.params);
}

function launch() {
  const args = [
    '--headless',
    '--no-sandbox',
    '--remote-debugging-pipe',
    '--user-data-dir=' + fs.mkdtempSync(require('node:path').join(require('node:os').tmpdir(), 'chromium-')),
    '--disable-gpu',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-extensions',
    '--disable-default-apps',
    '--disable-breakpad',
    '--disable-crash-reporter',
    '--disable-dev-shm-usage',
    '--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions',
    '--block-new-web-contents',
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--hide-scrollbars',
    '--mute-audio',
    '--force-color-profile=srgb',
    '--font-render-hinting=none',
    '--js-flags=--max-old-space-size=' + job.heapMb,
    'about:blank',
  ];
  browser = spawn(job.chromium, args, { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  browser.on('exit', () => {
    for (const waiter of pending.values()) waiter.reject(new Error('the browser exited'));
    pending.clear();
    if (!finished) {
      out.error = out.error || 'browserExited';
      finish();
    }
  });
  let buffer = '';
  browser.stdio[4].setEncoding('utf8');
  browser.stdio[4].on('data', (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\0')) >= 0) {
      const text = buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
      dispatch(JSON.parse(text));
    }
  });
  browser.stdio[3].on('error', () => undefined);
}

function withTimeout(promise, ms, onTimeout) {
  let timer;
  return Promise.race([
    promise,
    new Promise((resolve, reject) => {
      timer = setTimeout(() => {
        onTimeout();
        reject(new Error('timeout'));
      }, ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const CONTENT_TYPES = { html: 'text/html; charset=utf-8', css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8' };
const CSP = "default-src 'self' 'unsafe-inline' 'unsafe-eval' data: blob:; form-action 'none'";

// Runs in every frame before the page's own scripts: errors reach the runner.
const BOOTSTRAP = '(' + function () {
  const report = window.__judgeReport;
  const post = (kind, text) => { try { report(JSON.stringify({ type: kind, message: String(text).slice(0, 2000) })); } catch (e) { /* closed */ } };
  window.addEventListener('error', (event) => post('pageError', event.message));
  document.addEventListener('securitypolicyviolation', (event) => post('blocked', event.blockedURI));
  window.addEventListener('unhandledrejection', (event) => post('pageError', 'Unhandled rejection: ' + (event.reason && event.reason.message || event.reason)));
}.toString() + ')()';

// The tab Chromium opened at start (about:blank, in the browser's fresh default context): the first page
// uses it, which spares starting another renderer; later pages get a fresh context and tab each.
let initialTab = null;

async function openPage(spec) {
  const page = { id: spec.id, phase: 'open', tests: [], pageErrors: [], blocked: [], navigatedAway: false, timedOut: null, currentTest: null, done: false, logs: [] };
  let logBytes = 0;
  out.pages.push(page);
  const opening = Date.now();
  let target;
  if (initialTab) {
    target = { targetId: initialTab };
    initialTab = null;
  } else {
    const context = await send('Target.createBrowserContext', { disposeOnDetach: true });
    target = await send('Target.createTarget', { url: 'about:blank', browserContextId: context.browserContextId });
  }
  const attached = await send('Target.attachToTarget', { targetId: target.targetId, flatten: true });
  const session = attached.sessionId;
  const mainFrame = target.targetId;
  const base = job.origin + '/';
  let documents = 0;
  let loaded;
  const loadedPromise = new Promise((resolve) => (loaded = resolve));
  let closed;
  const closedPromise = new Promise((resolve, reject) => (closed = reject));
  closedPromise.catch(() => undefined);
  let progress = () => undefined;
  const s = (method, params) => send(method, params, session);

  on(session, (method, params) => {
    if (method === 'Fetch.requestPaused') {
      const url = params.request.url;
      const path = url.startsWith(base) ? url.slice(base.length).split(/[?#]/)[0] : null;
      const isDocument = params.resourceType === 'Document';
      const mainDocument = isDocument && params.frameId === mainFrame;
      const served = path !== null && Object.prototype.hasOwnProperty.call(spec.files, path);
      if (served && !(mainDocument && documents > 0)) {
        if (mainDocument) documents++;
        const extension = path.split('.').pop();
        s('Fetch.fulfillRequest', {
          requestId: params.requestId,
          responseCode: 200,
          responseHeaders: [
            { name: 'Content-Type', value: CONTENT_TYPES[extension] || 'application/octet-stream' },
            { name: 'Content-Security-Policy', value: CSP },
            { name: 'Cache-Control', value: 'no-store' },
          ],
          body: Buffer.from(spec.files[path], 'utf8').toString('base64'),
        }).catch(() => undefined);
        return;
      }
      if (mainDocument && documents > 0) page.navigatedAway = true;
      else if (page.blocked.length < 20 && path !== 'favicon.ico') page.blocked.push(clip(url).slice(0, 300));
      s('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
    } else if (method === 'Page.loadEventFired') {
      loaded();
    } else if (method === 'Page.frameNavigated') {
      const own = params.frame.url.startsWith(base + 'index.html');
      if (params.frame.id === mainFrame && documents > 0 && !own) page.navigatedAway = true;
    } else if (method === 'Runtime.consoleAPICalled') {
      // The page's prints, by the test running when they came (null: while loading); 64 KiB in all.
      if (logBytes > 65536) return;
      const text = params.args.map((arg) => (arg.value !== undefined ? String(arg.value) : arg.description || arg.type)).join(' ');
      logBytes += text.length;
      page.logs.push({ test: page.currentTest, text: clip(text) });
    } else if (method === 'Runtime.bindingCalled' && params.name === '__judgeReport') {
      let event;
      try { event = JSON.parse(params.payload); } catch (e) { return; }
      if (event.type === 'pageError') {
        if (page.pageErrors.length < 20) page.pageErrors.push(clip(event.message));
      } else if (event.type === 'blocked') {
        if (page.blocked.length < 20) page.blocked.push(clip(event.message).slice(0, 300));
      } else progress(event);
    } else if (method === 'Inspector.detached' || method === 'Inspector.targetCrashed') {
      closed(new Error(method === 'Inspector.targetCrashed' ? 'crashed' : 'closed'));
    }
  });
  on('', (method, params) => {
    if (method === 'Target.detachedFromTarget' && params.sessionId === session) closed(new Error('closed'));
  });

  await s('Page.enable');
  await s('Runtime.enable');
  await s('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  await s('Emulation.setDeviceMetricsOverride', {
    width: spec.viewport.width,
    height: spec.viewport.height,
    deviceScaleFactor: spec.viewport.deviceScaleFactor,
    mobile: false,
  });
  await s('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
  await s('Runtime.addBinding', { name: '__judgeReport' });
  await s('Page.addScriptToEvaluateOnNewDocument', { source: BOOTSTRAP });

  const race = (promise) => Promise.race([promise, closedPromise]);
  const evaluate = async (expression, ms) => {
    const answer = await race(withTimeout(
      s('Runtime.evaluate', { expression: expression, awaitPromise: true, returnByValue: true }),
      ms,
      () => (page.timedOut = { phase: page.phase, test: page.currentTest }),
    ));
    if (answer.exceptionDetails) {
      const details = answer.exceptionDetails;
      throw new Error((details.exception && details.exception.description) || details.text);
    }
    return answer.result.value;
  };

  page.phase = 'load';
  const loadStarted = Date.now();
  page.openMs = loadStarted - opening;
  await s('Page.navigate', { url: base + 'index.html' });
  await race(withTimeout(loadedPromise, spec.loadTimeoutMs, () => (page.timedOut = { phase: 'load', test: null })));
  page.loadMs = Date.now() - loadStarted;
  return { page: page, evaluate: evaluate, s: s, race: race, setProgress: (listener) => (progress = listener) };
}

async function runMocha(spec, opened) {
  const page = opened.page;
  page.phase = 'tests';
  await opened.evaluate(job.assets.mocha + '\n;void 0', 5000);
  const setup = '(async () => {' +
    'const chai = await import(' + JSON.stringify(job.origin + '/__judge/chai.js') + ');' +
    'window.chai = chai; window.expect = chai.expect; window.assert = chai.assert;' +
    'const report = window.__judgeReport;' +
    'const text = (v) => { if (v === undefined) return undefined; try { const s = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)); return s.slice(0, 2000); } catch (e) { return String(v).slice(0, 2000); } };' +
    'const post = (o) => { try { report(JSON.stringify(o)); } catch (e) { /* closed */ } };' +
    'mocha.setup({ ui: "bdd", timeout: ' + spec.testTimeoutMs + ', reporter: function (runner) {' +
    '  runner.on("test", (t) => post({ type: "start", title: t.fullTitle() }));' +
    '  runner.on("pass", (t) => post({ type: "end", title: t.fullTitle(), passed: true, ms: t.duration }));' +
    '  runner.on("fail", (t, err) => post({ type: "end", title: t.fullTitle(), passed: false, message: String(err && err.message || err).slice(0, 2000), showDiff: !!(err && err.showDiff), expected: err && err.showDiff ? text(err.expected) : undefined, actual: err && err.showDiff ? text(err.actual) : undefined }));' +
    '}});' +
    '})()';
  await opened.evaluate(setup, 5000);
  try {
    await opened.evaluate(job.assets.tests + '\n;void 0', 5000);
  } catch (error) {
    page.testsLoadError = clip(error.message);
    return;
  }
  page.allTests = await opened.evaluate(
    '(() => { const titles = []; const walk = (suite) => { suite.tests.forEach((t) => titles.push(t.fullTitle())); suite.suites.forEach(walk); }; walk(mocha.suite); return titles.slice(0, 500); })()',
    5000,
  );
  let testTimer = null;
  let killed;
  const killedPromise = new Promise((resolve, reject) => (killed = reject));
  killedPromise.catch(() => undefined);
  opened.setProgress((event) => {
    if (event.type === 'start') {
      page.currentTest = event.title;
      clearTimeout(testTimer);
      // mocha fails a slow async test itself; only a test that never gives the thread back gets here.
      testTimer = setTimeout(() => {
        page.timedOut = { phase: 'tests', test: event.title };
        killed(new Error('test timeout'));
      }, spec.testTimeoutMs + 1500);
    } else if (event.type === 'end') {
      clearTimeout(testTimer);
      page.currentTest = null;
      page.tests.push({ title: event.title, passed: event.passed, message: event.message, expected: event.expected, actual: event.actual, ms: event.ms });
    }
  });
  const runAll = opened.evaluate('new Promise((resolve) => { mocha.run(() => resolve(true)); })', spec.suiteTimeoutMs);
  try {
    await Promise.race([runAll, killedPromise]);
  } finally {
    clearTimeout(testTimer);
  }
}

async function screenshot(spec, opened) {
  const page = opened.page;
  page.phase = 'render';
  await opened.evaluate(
    '(async () => {' +
      'const style = document.createElement("style");' +
      'style.textContent = "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";' +
      '(document.head || document.documentElement).appendChild(style);' +
      'await document.fonts.ready;' +
      'await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));' +
      'window.scrollTo(0, 0);' +
    '})()',
    spec.loadTimeoutMs,
  );
  page.phase = 'screenshot';
  const shot = await opened.race(withTimeout(
    opened.s('Page.captureScreenshot', {
      format: 'png',
      clip: { x: 0, y: 0, width: spec.viewport.width, height: spec.viewport.height, scale: 1 },
      captureBeyondViewport: false,
      fromSurface: true,
    }),
    spec.loadTimeoutMs,
    () => (page.timedOut = { phase: 'screenshot', test: null }),
  ));
  fs.writeFileSync('shot-' + spec.id + '.png', Buffer.from(shot.data, 'base64'));
  page.screenshot = 'shot-' + spec.id + '.png';
}

(async () => {
  const started = Date.now();
  launch();
  const targets = await send('Target.getTargets');
  out.browserStartMs = Date.now() - started;
  const blank = targets.targetInfos.find((info) => info.type === 'page' && info.url === 'about:blank');
  initialTab = blank ? blank.targetId : null;
  for (const spec of job.pages) {
    let opened;
    try {
      const files = Object.assign({}, spec.files);
      if (spec.mode === 'mocha') files['__judge/chai.js'] = job.assets.chai;
      opened = await openPage(Object.assign({}, spec, { files: files }));
      const working = Date.now();
      if (spec.mode === 'mocha') await runMocha(spec, opened);
      else await screenshot(spec, opened);
      opened.page.workMs = Date.now() - working;
      opened.page.done = true;
    } catch (error) {
      const page = out.pages[out.pages.length - 1];
      if (page && !page.timedOut) page.failure = clip(error.message);
      // A page that timed out or broke leaves the browser in no state to trust: stop here.
      break;
    }
  }
  clearTimeout(wall);
  finish();
})().catch((error) => {
  out.error = clip(error && error.stack || error);
  finish();
});
`;
