/*
 * JavaScript (Node) and TypeScript.
 *
 * JavaScript convention: `function twoNumberSum(array, targetSum) {...}` in solution.js, exported with
 * `exports.twoNumberSum = twoNumberSum;` (module.exports works too). TypeScript convention: `export function
 * twoNumberSum(array: number[], targetSum: number): number[] {...}` in solution.ts. ListNode and TreeNode
 * (fields value, next / left, right) are globals; a learner may also declare their own. A returned promise
 * is awaited.
 *
 * The harness requires the learner's module afresh for every test (the require cache is cleared), so
 * module state never leaks between tests. JavaScript syntax errors are found by parsing the file first.
 * TypeScript is transpiled inside the box, syntax only (no type checking), by the typescript package the
 * service has, with an inline source map so runtime stack traces name solution.ts lines; a cold transpile
 * costs about 0.3 s, mostly loading the compiler.
 */
import type { FunctionSignature, ValueType } from '@app/contracts';
import {
  defaultPlanMemory,
  heapMb,
  INPUTS_FILE,
  MAX_NODES,
  placeholder,
  programsAvailable,
  RESULTS_FILE,
  typesOf,
} from './language';
import type { LanguageModule } from './language';
import type { CompileServerSpec } from './compile-servers';

const harness = (learnerFile: string, signature: FunctionSignature, typescript: boolean) => `'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');
const Module = require('module');
const NAME = ${JSON.stringify(signature.name)};
const PARAMS = ${JSON.stringify(signature.params.map((p) => p.type))};
const RETURNS = ${JSON.stringify(signature.returns)};
const FILE = path.join(__dirname, ${JSON.stringify(learnerFile)});

class ListNode {
  constructor(value = 0, next = null) {
    this.value = value;
    this.next = next;
  }
}
class TreeNode {
  constructor(value = 0, left = null, right = null) {
    this.value = value;
    this.left = left;
    this.right = right;
  }
}
globalThis.ListNode = ListNode;
globalThis.TreeNode = TreeNode;
class Invalid extends Error {}

function decode(t, v) {
  if (t.endsWith('[]')) return v.map((x) => decode(t.slice(0, -2), x));
  if (t.startsWith('map<')) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decode(t.slice(11, -1), x)]));
  if (t === 'ListNode') return (v || []).reduceRight((next, x) => new ListNode(x, next), null);
  if (t === 'TreeNode') {
    if (!v || v.length === 0) return null;
    const root = new TreeNode(v[0]);
    const queue = [root];
    for (let q = 0, i = 1; i < v.length; q++) {
      for (const side of ['left', 'right']) {
        if (i < v.length && v[i] !== null) queue.push((queue[q][side] = new TreeNode(v[i])));
        i++;
      }
    }
    return root;
  }
  return v;
}

function nodeValue(node, fields, kind) {
  if (typeof node !== 'object' || !fields.every((f) => f in node)) throw new Invalid('the returned value is not a ' + kind);
  return node.value;
}

function encode(t, v) {
  if (v === undefined) return null;
  if (typeof v === 'bigint') return Number(v);
  if (t.endsWith('[]')) return Array.isArray(v) || ArrayBuffer.isView(v) ? Array.from(v, (x) => encode(t.slice(0, -2), x)) : v;
  if (t.startsWith('map<')) {
    const entries = v instanceof Map ? [...v] : v && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : null;
    return entries ? Object.fromEntries(entries.map(([k, x]) => [String(k), encode(t.slice(11, -1), x)])) : v;
  }
  if (t === 'ListNode') {
    const out = [];
    for (let node = v; node !== null && node !== undefined; node = node.next) {
      out.push(nodeValue(node, ['value', 'next'], 'ListNode'));
      if (out.length > ${MAX_NODES}) throw new Invalid('the returned list is cyclic or longer than ${MAX_NODES} nodes');
    }
    return out;
  }
  if (t === 'TreeNode') {
    const out = [];
    const queue = [v];
    for (let q = 0; q < queue.length; q++) {
      const node = queue[q];
      if (node === null || node === undefined) out.push(null);
      else {
        out.push(nodeValue(node, ['value', 'left', 'right'], 'TreeNode'));
        queue.push(node.left, node.right);
        if (queue.length > ${MAX_NODES}) throw new Invalid('the returned tree is cyclic or larger than ${MAX_NODES} nodes');
      }
    }
    while (out.length > 0 && out[out.length - 1] === null) out.pop();
    return out;
  }
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return v;
}

function failure(error) {
  if (!(error instanceof Error)) {
    const reason = typeof error === 'string' ? error : String(JSON.stringify(error) ?? error);
    return { type: 'RUNTIME', reason };
  }
  return { type: error.name || 'Error', reason: error.message };
}

function learnerTrace(error) {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return stack
    .split('\\n')
    .filter((line) => line.includes(${JSON.stringify(typescript ? 'solution.ts' : learnerFile)}))
    .map((line) => line.trim().replace(__dirname + path.sep, ''))
    .join('\\n');
}

async function main() {
  // Pipes are written asynchronously: a print loop would queue output in memory instead of filling the
  // pipe, and never reach the runner's output limit. Blocking writes make it stop at the limit.
  for (const stream of [process.stdout, process.stderr]) {
    if (stream._handle && typeof stream._handle.setBlocking === 'function') stream._handle.setBlocking(true);
  }
  const spec = JSON.parse(fs.readFileSync(path.join(__dirname, ${JSON.stringify(INPUTS_FILE)}), 'utf8'));
  const out = fs.openSync(path.join(__dirname, ${JSON.stringify(RESULTS_FILE)}), 'a');
  const emit = (line) => fs.writeSync(out, JSON.stringify(line) + '\\n');
  try {
    new vm.Script(Module.wrap(fs.readFileSync(FILE, 'utf8')), { filename: FILE });
  } catch (error) {
    const where = String(error.stack).split('\\n\\n')[0].replace(__dirname + path.sep, '');
    emit({ compileError: where + '\\n\\n' + error.name + ': ' + error.message });
    return;
  }
  for (let i = 0; i < spec.tests.length; i++) {
    emit({ start: i });
    process.stdout.write('\\x1e' + spec.nonce + ':' + i + ':start\\x1e');
    let line;
    try {
      delete require.cache[FILE];
      const exported = require(FILE);
      const fn = exported && typeof exported[NAME] === 'function' ? exported[NAME] : typeof exported === 'function' ? exported : undefined;
      if (!fn) throw new Error('the function ' + NAME + ' is not exported');
      let value = fn(...spec.tests[i].map((a, k) => decode(PARAMS[k], a)));
      if (value && typeof value.then === 'function') value = await value;
      try {
        line = JSON.stringify({ test: i, value: encode(RETURNS, value) });
      } catch (error) {
        line = JSON.stringify({ test: i, invalid: error instanceof Invalid ? error.message : 'the returned value cannot be written as ' + RETURNS });
      }
    } catch (error) {
      line = JSON.stringify({ test: i, error: failure(error), trace: learnerTrace(error) });
    }
    process.stdout.write('\\x1e' + spec.nonce + ':' + i + ':end\\x1e');
    fs.writeSync(out, line + '\\n');
  }
}

main().then(() => process.exit(0));
`;

/**
 * The transpile of solution.ts, shared by the box's compile.js and the TypeScript compile server, so both
 * give the same JavaScript and the same messages (`solution.ts:line:column - error TS...`).
 */
const TS_TRANSPILE = `function transpile(ts, source) {
  const output = ts.transpileModule(source, {
    fileName: 'solution.ts',
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, inlineSourceMap: true, inlineSources: true, esModuleInterop: true },
  });
  let errors = '';
  for (const d of output.diagnostics || []) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: 0, character: 0 };
    errors += 'solution.ts:' + (at.line + 1) + ':' + (at.character + 1) + ' - error TS' + d.code + ': ' + ts.flattenDiagnosticMessageText(d.messageText, '\\n') + '\\n';
  }
  return { errors, outputText: output.outputText };
}`;

/** Transpiles solution.ts to solution.js inside the box; syntax errors on stderr, exit code 1. */
const TS_COMPILE = `'use strict';
const fs = require('fs');
const ts = require(process.argv[2]);
${TS_TRANSPILE}
const result = transpile(ts, fs.readFileSync('solution.ts', 'utf8'));
if (result.errors) {
  process.stderr.write(result.errors);
  process.exit(1);
}
fs.writeFileSync('solution.js', result.outputText);
`;

export const TYPESCRIPT_SERVER_FILE = 'compile-server.js';

/**
 * The TypeScript compile server (compile-servers.ts; protocol in jvm-compile-server.ts): the compiler
 * loaded once, one transpile per request line, `<id>\t<dir>`, reading <dir>/solution.ts and writing
 * <dir>/solution.js, as compile.js does in a box.
 */
export const TYPESCRIPT_SERVER_SOURCE = `'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const ts = require(process.argv[2]);
const maxMessage = Number(process.argv[3]);
${TS_TRANSPILE}
const write = process.stdout.write.bind(process.stdout);
console.log = console.info = console.debug = console.error;
const answer = (line) => write(JSON.stringify(line) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [id, dir] = line.split('\\t');
  try {
    const result = transpile(ts, fs.readFileSync(path.join(dir, 'solution.ts'), 'utf8'));
    if (result.errors) {
      const truncated = result.errors.length > maxMessage;
      answer({ id, exit: 1, stdout: '', stderr: result.errors.slice(0, maxMessage), truncated });
      return;
    }
    fs.writeFileSync(path.join(dir, 'solution.js'), result.outputText, { flag: 'wx' });
    answer({ id, exit: 0, stdout: '', stderr: '', truncated: false });
  } catch (error) {
    answer({ id, error: String(error && error.message) });
  }
});
answer({ ready: true });
`;

const jsPlaceholder = (type: ValueType) =>
  placeholder(type, {
    int: '-1',
    float: '-1',
    bool: 'false',
    string: "''",
    array: '[]',
    map: '{}',
    node: 'null',
  });

export const javascript: LanguageModule = {
  id: 'javascript',
  learnerFile: 'solution.js',
  availability: (sandbox) => programsAvailable(sandbox, ['node']),
  starter(signature) {
    const params = signature.params.map((p) => p.name).join(', ');
    return (
      `function ${signature.name}(${params}) {\n  // Write your code here.\n  return ${jsPlaceholder(typesOf(signature).returns)};\n}\n\n` +
      `// Do not edit the line below.\nexports.${signature.name} = ${signature.name};\n`
    );
  },
  plan(signature, source, _toolchains, memory = defaultPlanMemory) {
    return {
      files: [
        { path: 'solution.js', content: source },
        { path: 'harness.js', content: harness('solution.js', signature, false) },
      ],
      run: { argv: ['node', `--max-old-space-size=${heapMb(memory.runMb)}`, 'harness.js'] },
    };
  },
  program(source, _toolchains, memory = defaultPlanMemory) {
    return {
      files: [{ path: 'main.js', content: source }],
      run: { argv: ['node', `--max-old-space-size=${heapMb(memory.runMb)}`, 'main.js'] },
    };
  },
};

export function tsType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
    case 'long':
    case 'float':
      return 'number';
    case 'bool':
      return 'boolean';
    case 'string':
      return 'string';
    case 'array': {
      const item = tsType(type.of);
      return item.includes(' ') ? `(${item})[]` : `${item}[]`;
    }
    case 'map':
      return `Record<string, ${tsType(type.of)}>`;
    default:
      return `${type.kind} | null`;
  }
}

export const typescript: LanguageModule = {
  id: 'typescript',
  learnerFile: 'solution.ts',
  async availability(sandbox, toolchains) {
    if (!toolchains.typescript)
      return { available: false, reason: 'the typescript package is not installed' };
    return programsAvailable(sandbox, ['node']);
  },
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${p.name}: ${tsType(params[i])}`).join(', ');
    return `export function ${signature.name}(${args}): ${tsType(returns)} {\n  // Write your code here.\n  return ${jsPlaceholder(returns)};\n}\n`;
  },
  versionCommands: (toolchains) => [
    [
      'node',
      '-e',
      'console.log(process.version, require(process.argv[1]).version)',
      toolchains.typescript ?? '',
    ],
  ],
  plan(signature, source, toolchains, memory = defaultPlanMemory) {
    if (!toolchains.typescript) throw new Error('the typescript package is not installed');
    return {
      files: [
        { path: 'solution.ts', content: source },
        { path: 'compile.js', content: TS_COMPILE },
        { path: 'harness.js', content: harness('solution.js', signature, true) },
      ],
      compile: {
        argv: [
          'node',
          `--max-old-space-size=${heapMb(memory.compileMb)}`,
          'compile.js',
          toolchains.typescript,
        ],
        outputs: ['solution.js'],
      },
      run: {
        argv: ['node', `--max-old-space-size=${heapMb(memory.runMb)}`, '--enable-source-maps', 'harness.js'],
      },
    };
  },
  program(source, toolchains, memory = defaultPlanMemory) {
    if (!toolchains.typescript) throw new Error('the typescript package is not installed');
    return {
      files: [
        { path: 'solution.ts', content: source },
        { path: 'compile.js', content: TS_COMPILE },
      ],
      compile: {
        argv: [
          'node',
          `--max-old-space-size=${heapMb(memory.compileMb)}`,
          'compile.js',
          toolchains.typescript,
        ],
        outputs: ['solution.js'],
      },
      run: {
        argv: ['node', `--max-old-space-size=${heapMb(memory.runMb)}`, '--enable-source-maps', 'solution.js'],
      },
    };
  },
};

/** TypeScript's compile server (compile-servers.ts): the typescript package loaded once in one Node. */
export const typescriptCompileServer: CompileServerSpec = {
  program(toolchains, memoryMb, maxMessageBytes) {
    if (!toolchains.typescript) return undefined;
    return {
      argv: [
        'node',
        `--max-old-space-size=${heapMb(memoryMb)}`,
        TYPESCRIPT_SERVER_FILE,
        toolchains.typescript,
        String(maxMessageBytes),
      ],
      files: [{ path: TYPESCRIPT_SERVER_FILE, content: TYPESCRIPT_SERVER_SOURCE }],
    };
  },
  request: (_plan, dir) => [dir],
};
