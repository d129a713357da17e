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
 *
 * Mocha pages: the page cannot fake its verdict. HARNESS (below) runs in the page's own world before any of
 * the page's scripts (Page.addScriptToEvaluateOnNewDocument): it loads mocha and chai into its closure (never
 * onto window), freezes the language's and the DOM's built-in objects, compiles the tests as a strict function
 * whose parameters are the harness's names and the pristine built-ins, starts them itself after the trusted
 * load event and reports over a DevTools binding it removes from window before the page runs, each message
 * signed with a per-page nonce; the runner reads nothing else (no page global, no console, no evaluation in
 * the page). See the README, "Why a page cannot fake its verdict".
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

// The language's built-ins, whose objects the harness freezes with everything they reach (and the DOM's).
const LANGUAGE_GLOBALS = ['Object', 'Function', 'Array', 'Number', 'Boolean', 'String', 'Symbol', 'BigInt', 'Date',
  'Promise', 'RegExp', 'Error', 'AggregateError', 'EvalError', 'RangeError', 'ReferenceError', 'SyntaxError',
  'TypeError', 'URIError', 'JSON', 'Math', 'Reflect', 'Proxy', 'Map', 'Set', 'WeakMap', 'WeakSet', 'WeakRef',
  'FinalizationRegistry', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Atomics', 'Intl', 'Iterator',
  'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
  'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
// Globals mocha, chai and the tests see as they were before the page ran: these, and every capitalised one
// (constructors, interfaces, namespaces). A page's 'class Map', 'window.Set = ...' or 'setTimeout = ...'
// stays the page's own.
const PRISTINE_GLOBALS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask',
  'requestAnimationFrame', 'cancelAnimationFrame', 'structuredClone', 'parseInt', 'parseFloat', 'isNaN', 'isFinite',
  'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI', 'escape', 'unescape', 'console'];

// The mocha harness: runs in the page's main world before any script of the page (every frame gets it; it acts
// in the top frame only). Everything it uses is captured here, before the page can touch anything.
function HARNESS(config, loadMocha, loadChai) {
  'use strict';
  if (window.top !== window) return;
  const setupStarted = performance.now();
  const R = Reflect;
  const apply = R.apply;
  const defineProperty = R.defineProperty;
  const ownKeys = R.ownKeys;
  const propertyOf = R.getOwnPropertyDescriptor;
  const prototypeOf = R.getPrototypeOf;
  const freeze = Object.freeze;
  const preventExtensions = Object.preventExtensions;
  const stringify = JSON.stringify;
  const toText = String;
  const NativePromise = Promise;
  const promiseThen = Promise.prototype.then;
  const NativeFunction = Function;
  const NativeTypeError = TypeError;
  const NativeError = Error;
  const later = setTimeout;
  const listen = EventTarget.prototype.addEventListener;
  const NativeWeakSet = WeakSet;
  const report = window[config.binding];
  // The binding leaves window before the page runs; the nonce marks the harness's messages should it stay.
  try { delete window[config.binding]; } catch (error) { /* kept: the runner still wants the nonce */ }
  const post = (message) => {
    message.nonce = config.nonce;
    try { apply(report, undefined, [stringify(message)]); } catch (error) { /* the page is closing */ }
  };
  const clip = (value) => {
    try {
      const text = typeof value === 'string' ? value : toText(value);
      return text.length > 2000 ? text.slice(0, 2000) : text;
    } catch (error) {
      return '(a value the judge could not read)';
    }
  };
  const json = (value) => {
    if (value === undefined) return undefined;
    try {
      const text = stringify(value);
      return text === undefined ? clip(value) : clip(text);
    } catch (error) {
      return clip(value);
    }
  };

  // The globals as they are now, before the page: mocha, chai and the tests run inside 'with' scopes that answer
  // these names, so none of them reaches what the page puts on window.
  const NativeMap = Map;
  const NativeProxy = Proxy;
  const bind = Function.prototype.bind;
  const unscopables = Symbol.unscopables;
  const snapshot = new NativeMap();
  for (const name of ownKeys(window)) {
    if (typeof name !== 'string' || (!/^[A-Z]/.test(name) && config.pristineGlobals.indexOf(name) < 0)) continue;
    const found = propertyOf(window, name);
    // A window function called by name inside 'with' gets the scope as its this: bind it to window.
    if (found && 'value' in found) snapshot.set(name, /^[a-z]/.test(name) && typeof found.value === 'function' ? apply(bind, found.value, [window]) : found.value);
  }
  const pristineScope = (extra) => new NativeProxy({ __proto__: null }, {
    has: (target, key) => typeof key === 'string' && (key in extra || snapshot.has(key)),
    get: (target, key) => (key === unscopables || typeof key !== 'string' ? undefined : key in extra ? extra[key] : snapshot.get(key)),
  });

  // mocha's global object is one of its own (describe, it, onerror, mocha...): window gets none of them.
  const store = { __proto__: null, location: { search: '' }, document: undefined };
  const mochaGlobal = new NativeProxy(store, {
    get: (target, key) => (key in target ? target[key] : snapshot.has(key) ? snapshot.get(key) : window[key]),
    has: (target, key) => key in target || snapshot.has(key) || key in window,
    set: (target, key, value) => { target[key] = value; return true; },
  });
  const mochaNames = { __proto__: null, globalThis: mochaGlobal, global: mochaGlobal, self: mochaGlobal, window: mochaGlobal };
  apply(loadMocha, mochaGlobal, [pristineScope(mochaNames)]);
  const chai = loadChai(pristineScope({ __proto__: null }));
  const mocha = store.mocha;

  // Uncaught errors: the page's error list, and mocha's handler (it fails the running test). Registered first,
  // in the capture phase: no listener of the page runs before it.
  apply(listen, window, ['error', (event) => {
    if (event.target !== window) return;
    post({ type: 'pageError', message: clip(event.message) });
    const handler = store.onerror;
    if (typeof handler === 'function') apply(handler, window, [event.message, event.filename, event.lineno, event.colno, event.error]);
  }, true]);
  apply(listen, window, ['unhandledrejection', (event) => {
    let reason;
    try { reason = event.reason && event.reason.message || event.reason; } catch (error) { reason = '(unreadable)'; }
    post({ type: 'pageError', message: 'Unhandled rejection: ' + clip(reason) });
  }, true]);
  apply(listen, document, ['securitypolicyviolation', (event) => post({ type: 'blocked', message: clip(event.blockedURI) }), true]);

  function Reporter(runner) {
    const title = (test) => { try { return clip(test.fullTitle()); } catch (error) { return '(untitled)'; } };
    runner.on('test', (test) => post({ type: 'start', title: title(test) }));
    runner.on('test end', restoreBuiltins);
    runner.on('pass', (test) => post({ type: 'end', title: title(test), passed: true, ms: test.duration }));
    runner.on('fail', (test, error) => {
      // Failed first; whatever the thrown value does when read only changes the message.
      const message = { type: 'end', title: title(test), passed: false, message: 'failed' };
      try {
        message.message = clip(error && error.message || error);
        if (error && error.showDiff) {
          message.expected = json(error.expected);
          message.actual = json(error.actual);
        }
      } catch (ignored) { /* a hostile error object */ }
      post(message);
    });
  }
  mocha.setup({ ui: 'bdd', timeout: config.testTimeoutMs, reporter: Reporter });

  // A test's result: undefined, or a real promise, whose settling (not whatever its then does) decides.
  const settle = (result) => {
    if (result === null || (typeof result !== 'object' && typeof result !== 'function')) return undefined;
    if (typeof result.then !== 'function') return undefined;
    return new NativePromise((resolve, reject) => {
      try {
        apply(promiseThen, result, [() => resolve(undefined), reject]);
      } catch (error) {
        reject(new NativeError('The test returned a thenable that is not a Promise; the judge waits only for promises.'));
      }
    });
  };
  const guard = (fn) => {
    if (typeof fn !== 'function') return fn;
    return fn.length > 0
      ? function (done) { return apply(fn, this, [done]); }
      : function () { return settle(apply(fn, this, [])); };
  };
  const wrapTest = (original) => {
    const wrapped = (title, fn) => original(title, guard(fn));
    wrapped.only = (title, fn) => original.only(title, guard(fn));
    wrapped.skip = (title, fn) => original.skip(title, fn);
    return wrapped;
  };
  const wrapHook = (original) => (title, fn) => (typeof title === 'function' ? original(guard(title)) : original(title, guard(fn)));

  // Freeze the built-ins (the language's and the DOM's constructors, prototypes and what they reach), so the
  // page cannot change what mocha, chai or the tests call. A writable property (a method, mostly) becomes a
  // getter and a setter that defines an own property on the receiver: 'object.toString = ...' and
  // 'error.message = ...' keep working on the page's own objects (the "override mistake" of frozen prototypes).
  // Built-ins a test replaces for a while (replaceBuiltin: 'do not call querySelector' questions), by owner.
  // Only the tests hold replaceBuiltin; mocha restores everything when each test ends.
  // The getters below run on every use of a built-in: they call captured functions only (a method looked up
  // here would go through these getters again).
  const mapGet = NativeMap.prototype.get;
  const mapHas = NativeMap.prototype.has;
  const mapSet = NativeMap.prototype.set;
  const mapDelete = NativeMap.prototype.delete;
  const mapClear = NativeMap.prototype.clear;
  const replacements = new NativeMap();
  const tamed = new NativeWeakSet();
  const slots = new NativeWeakSet();
  let replacing = 0;
  const replaced = (object, key, value) => {
    const own = apply(mapGet, replacements, [object]);
    return own !== undefined && apply(mapHas, own, [key]) ? apply(mapGet, own, [key]) : value;
  };
  const restoreBuiltins = () => {
    replacing = 0;
    apply(mapClear, replacements, []);
  };
  const replaceBuiltin = (owner, name, replacement) => {
    const property = owner !== null && (typeof owner === 'object' || typeof owner === 'function') ? propertyOf(owner, name) : undefined;
    if (!tamed.has(owner) || !property || !slots.has(property.get)) {
      throw new NativeTypeError('replaceBuiltin: ' + toText(name) + ' is not a method of a built-in object');
    }
    let own = apply(mapGet, replacements, [owner]);
    if (own === undefined) {
      own = new NativeMap();
      apply(mapSet, replacements, [owner, own]);
    }
    if (!apply(mapHas, own, [name])) replacing++;
    apply(mapSet, own, [name, replacement]);
    return () => {
      if (apply(mapDelete, own, [name])) replacing--;
    };
  };

  const seen = new NativeWeakSet();
  const harden = (roots) => {
    const stack = roots.slice();
    while (stack.length > 0) {
      const object = stack.pop();
      if (object === null || (typeof object !== 'object' && typeof object !== 'function')) continue;
      if (seen.has(object) || object === window || object === document) continue;
      seen.add(object);
      let keys;
      try { keys = ownKeys(object); } catch (error) { continue; }
      for (const key of keys) {
        let property;
        try { property = propertyOf(object, key); } catch (error) { continue; }
        if (!property) continue;
        if ('value' in property) {
          stack.push(property.value);
          if (property.writable && property.configurable) {
            const value = property.value;
            // Methods, not functions: no prototype object of their own to walk (and tame, endlessly).
            const accessors = {
              get() { return replacing === 0 ? value : replaced(object, key, value); },
              set(next) {
                if (this === object) {
                  throw new NativeTypeError('Cannot assign to read only property ' + toText(key) + ': the judge freezes the built-ins (tests replace one with replaceBuiltin(owner, name, replacement))');
                }
                if (this === null || (typeof this !== 'object' && typeof this !== 'function')) return;
                defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
              },
            };
            defineProperty(object, key, { get: accessors.get, set: accessors.set, enumerable: property.enumerable, configurable: false });
            slots.add(accessors.get);
            tamed.add(object);
            stack.push(accessors.get, accessors.set);
          }
        } else {
          stack.push(property.get, property.set);
        }
      }
      try { stack.push(prototypeOf(object)); } catch (error) { /* exotic */ }
      try { freeze(object); } catch (error) { /* exotic (window's named properties) */ }
    }
  };
  const language = [];
  for (const name of config.languageGlobals) {
    const found = propertyOf(window, name);
    if (found && 'value' in found) language.push(found.value);
  }
  language.push(
    prototypeOf(function* () {}), prototypeOf(async function () {}), prototypeOf(async function* () {}),
    prototypeOf([][Symbol.iterator]()), prototypeOf(new Map().entries()), prototypeOf(new Set().values()),
    prototypeOf(''[Symbol.iterator]()), prototypeOf(/a/g[Symbol.matchAll]('')), prototypeOf(Int8Array),
  );
  harden(language);
  const platform = [];
  for (const name of ownKeys(window)) {
    if (typeof name !== 'string' || !/^[A-Z]/.test(name)) continue;
    const found = propertyOf(window, name);
    if (found && typeof found.value === 'function') platform.push(found.value);
  }
  harden(platform);
  // No own property on document can hide the frozen Document.prototype (document.querySelector = ...).
  try { preventExtensions(document); } catch (error) { /* exotic */ }

  const harnessNames = ['describe', 'context', 'it', 'specify', 'before', 'after', 'beforeEach', 'afterEach',
    'xdescribe', 'xcontext', 'xit', 'xspecify', 'expect', 'assert', 'chai', 'replaceBuiltin'];
  const harnessValues = [store.describe, store.context, wrapTest(store.it), wrapTest(store.specify),
    wrapHook(store.before), wrapHook(store.after), wrapHook(store.beforeEach), wrapHook(store.afterEach),
    store.xdescribe, store.xcontext, store.xit, store.xspecify, chai.expect, chai.assert, chai, replaceBuiltin];
  const setupMs = Math.round(performance.now() - setupStarted);
  let defineTests = null;
  let testsError = null;
  try {
    // Strict, so that a function of the page called by a test sees no caller (fn.caller is null).
    const source = 'with (__judgeScope) { return function (' + harnessNames.join(', ') + ') {\n"use strict";\n' + config.tests + '\n}; }';
    defineTests = apply(apply(NativeFunction, undefined, ['__judgeScope', source]), undefined, [pristineScope({ __proto__: null })]);
  } catch (error) {
    testsError = clip(error && error.message || error);
  }

  const run = () => {
    if (testsError !== null) return post({ type: 'testsLoadError', message: testsError });
    try {
      apply(defineTests, undefined, harnessValues);
    } catch (error) {
      return post({ type: 'testsLoadError', message: clip(error && error.message || error) });
    }
    const titles = [];
    const walk = (suite) => {
      for (const test of suite.tests) titles.push(clip(test.fullTitle()));
      for (const child of suite.suites) walk(child);
    };
    walk(mocha.suite);
    post({ type: 'ready', allTests: titles.slice(0, 500), setupMs: setupMs });
    try {
      mocha.run(() => post({ type: 'done' }));
    } catch (error) {
      post({ type: 'testsLoadError', message: clip(error && error.message || error) });
    }
  };
  // The tests start after the page's own load handlers, on the browser's load event only (isTrusted).
  let started = false;
  apply(listen, window, ['load', (event) => {
    if (started || !event.isTrusted) return;
    started = true;
    later(run, 0);
  }, true]);
}

// The tab Chromium opened at start (about:blank, in the browser's fresh default context): the first page
// uses it, which spares starting another renderer; later pages get a fresh context and tab each.
let initialTab = null;

async function openPage(spec) {
  const page = { id: spec.id, phase: 'open', tests: [], pageErrors: [], blocked: [], navigatedAway: false, timedOut: null, currentTest: null, done: false, logs: [], ignoredReports: 0 };
  // Mocha pages: a binding name and a nonce of this page only; screenshot pages report errors only.
  const secret = () => require('node:crypto').randomBytes(16).toString('hex');
  const binding = spec.mode === 'mocha' ? '__judge_' + secret() : '__judgeReport';
  const nonce = spec.mode === 'mocha' ? secret() : null;
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
  // Harness messages before runMocha listens (the harness starts itself on load) wait here.
  let buffered = [];
  let progress = (event) => buffered.push(event);
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
      if (mainDocument && documents > 0) {
        page.navigatedAway = true;
        closed(new Error('navigated away'));
      } else if (page.blocked.length < 20 && path !== 'favicon.ico') page.blocked.push(clip(url).slice(0, 300));
      s('Fetch.failRequest', { requestId: params.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
    } else if (method === 'Page.loadEventFired') {
      loaded();
    } else if (method === 'Page.frameNavigated') {
      const own = params.frame.url.startsWith(base + 'index.html');
      if (params.frame.id === mainFrame && documents > 0 && !own) {
        page.navigatedAway = true;
        closed(new Error('navigated away'));
      }
    } else if (method === 'Runtime.consoleAPICalled') {
      // The page's prints, by the test running when they came (null: while loading); 64 KiB in all.
      if (logBytes > 65536) return;
      const text = params.args.map((arg) => (arg.value !== undefined ? String(arg.value) : arg.description || arg.type)).join(' ');
      logBytes += text.length;
      page.logs.push({ test: page.currentTest, text: clip(text) });
    } else if (method === 'Runtime.bindingCalled' && params.name === binding) {
      let event;
      try { event = JSON.parse(params.payload); } catch (e) { return; }
      if (nonce !== null && (!event || event.nonce !== nonce)) {
        page.ignoredReports++;
        return;
      }
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
  await s('Runtime.addBinding', { name: binding });
  await s('Page.addScriptToEvaluateOnNewDocument', { source: spec.mode === 'mocha' ? harnessSource(spec, binding, nonce) : BOOTSTRAP });

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
  const setProgress = (listener) => {
    progress = listener;
    const waiting = buffered;
    buffered = [];
    waiting.forEach(listener);
  };
  return { page: page, evaluate: evaluate, s: s, race: race, setProgress: setProgress };
}

function harnessSource(spec, binding, nonce) {
  const config = {
    binding: binding,
    nonce: nonce,
    tests: job.assets.tests,
    testTimeoutMs: spec.testTimeoutMs,
    languageGlobals: LANGUAGE_GLOBALS,
    pristineGlobals: PRISTINE_GLOBALS,
  };
  return '(' + HARNESS.toString() + ')(' + JSON.stringify(config) +
    ',\nfunction (__judgeScope) { with (__judgeScope) {\n' + job.assets.mocha + '\n} }' +
    ',\nfunction (__judgeScope) { with (__judgeScope) { return (function () {\n' + job.assets.chai + '\n})(); } });';
}

// The harness runs the tests by itself after the page's load event; the runner only listens to its signed
// messages: ready (the tests' titles), start and end of each test, done.
async function runMocha(spec, opened) {
  const page = opened.page;
  page.phase = 'tests';
  let testTimer = null;
  let ready;
  const readyPromise = new Promise((resolve) => (ready = resolve));
  let finished;
  const finishedPromise = new Promise((resolve) => (finished = resolve));
  let killed;
  const killedPromise = new Promise((resolve, reject) => (killed = reject));
  killedPromise.catch(() => undefined);
  opened.setProgress((event) => {
    if (event.type === 'testsLoadError') {
      page.testsLoadError = clip(event.message);
      ready();
      finished();
    } else if (event.type === 'ready') {
      page.allTests = Array.isArray(event.allTests) ? event.allTests.map(String) : [];
      page.harnessMs = Number(event.setupMs) || 0;
      ready();
    } else if (event.type === 'start') {
      page.currentTest = String(event.title);
      clearTimeout(testTimer);
      // mocha fails a slow async test itself; only a test that never gives the thread back gets here.
      testTimer = setTimeout(() => {
        page.timedOut = { phase: 'tests', test: page.currentTest };
        killed(new Error('test timeout'));
      }, spec.testTimeoutMs + 1500);
    } else if (event.type === 'end') {
      clearTimeout(testTimer);
      page.currentTest = null;
      page.tests.push({ title: String(event.title), passed: event.passed === true, message: event.message, expected: event.expected, actual: event.actual, ms: event.ms });
    } else if (event.type === 'done') {
      finished();
    }
  });
  try {
    await opened.race(withTimeout(readyPromise, 5000, () => (page.timedOut = { phase: 'tests', test: null })));
    await opened.race(Promise.race([
      withTimeout(finishedPromise, spec.suiteTimeoutMs, () => (page.timedOut = { phase: 'tests', test: page.currentTest })),
      killedPromise,
    ]));
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
      opened = await openPage(spec);
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
