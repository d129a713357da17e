/*
 * Python 3. Learner convention: a plain function, `def twoNumberSum(array, targetSum):`, in solution.py.
 * ListNode(value, next=None) and TreeNode(value, left=None, right=None) are provided as globals. The harness
 * compiles the file once (a SyntaxError is the compile error, with the learner's line) and executes the
 * module anew for every test, so module-level state never leaks between tests.
 */
import type { FunctionSignature } from '@app/contracts';
import { INPUTS_FILE, MAX_NODES, placeholder, programsAvailable, RESULTS_FILE, typesOf } from './language';
import type { LanguageModule } from './language';
import type { Toolchains } from './toolchains';

const LEARNER_FILE = 'solution.py';

const HARNESS = `import json, math, sys, traceback

sys.setrecursionlimit(20000)
sys.stdout.reconfigure(line_buffering=True)

class ListNode:
    def __init__(self, value=0, next=None):
        self.value = value
        self.next = next

class TreeNode:
    def __init__(self, value=0, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right

class Invalid(Exception):
    pass

def decode(t, v):
    if t.endswith('[]'):
        return [decode(t[:-2], x) for x in v]
    if t.startswith('map<'):
        return {k: decode(t[11:-1], x) for k, x in v.items()}
    if t == 'ListNode':
        head = None
        for x in reversed(v or []):
            head = ListNode(x, head)
        return head
    if t == 'TreeNode':
        if not v:
            return None
        root = TreeNode(v[0])
        queue, q, i = [root], 0, 1
        while i < len(v):
            node, q = queue[q], q + 1
            for side in ('left', 'right'):
                if i < len(v) and v[i] is not None:
                    child = TreeNode(v[i])
                    setattr(node, side, child)
                    queue.append(child)
                i += 1
        return root
    return float(v) if t == 'float' else v

def node_value(node, fields, kind):
    if not all(hasattr(node, f) for f in fields):
        raise Invalid('the returned value is not a ' + kind)
    return node.value

def encode(t, v):
    if type(v).__module__ == 'numpy' and hasattr(v, 'tolist'):
        v = v.tolist()
    if t.endswith('[]'):
        return [encode(t[:-2], x) for x in v] if isinstance(v, (list, tuple)) else v
    if t.startswith('map<'):
        return {str(k): encode(t[11:-1], x) for k, x in v.items()} if isinstance(v, dict) else v
    if t == 'ListNode':
        out = []
        while v is not None:
            out.append(node_value(v, ('value', 'next'), 'ListNode'))
            if len(out) > ${MAX_NODES}:
                raise Invalid('the returned list is cyclic or longer than ${MAX_NODES} nodes')
            v = v.next
        return out
    if t == 'TreeNode':
        out, queue, q = [], [v], 0
        while q < len(queue):
            node, q = queue[q], q + 1
            if node is None:
                out.append(None)
                continue
            out.append(node_value(node, ('value', 'left', 'right'), 'TreeNode'))
            queue += [node.left, node.right]
            if len(queue) > ${MAX_NODES}:
                raise Invalid('the returned tree is cyclic or larger than ${MAX_NODES} nodes')
        while out and out[-1] is None:
            out.pop()
        return out
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    return v

def learner_trace(error):
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == '${LEARNER_FILE}']
    return ''.join('${LEARNER_FILE}, line %d, in %s\\n' % (f.lineno, f.name) for f in frames)

def main(name, params, returns):
    with open('${INPUTS_FILE}', encoding='utf-8') as f:
        spec = json.load(f)
    out = open('${RESULTS_FILE}', 'a', encoding='utf-8')
    def emit(line):
        out.write(line + '\\n')
        out.flush()
    try:
        with open('${LEARNER_FILE}', encoding='utf-8') as f:
            code = compile(f.read(), '${LEARNER_FILE}', 'exec')
    except (SyntaxError, ValueError) as error:
        emit(json.dumps({'compileError': ''.join(traceback.format_exception_only(type(error), error))}))
        return
    stdout = sys.stdout
    for i, args in enumerate(spec['tests']):
        emit(json.dumps({'start': i}))
        stdout.write('\\x1e%s:%d:start\\x1e' % (spec['nonce'], i))
        stdout.flush()
        try:
            scope = {'__name__': '__solution__', 'ListNode': ListNode, 'TreeNode': TreeNode}
            exec(code, scope)
            function = scope.get(name)
            if not callable(function):
                raise NameError('the function %s is not defined' % name)
            value = function(*[decode(t, a) for t, a in zip(params, args)])
            try:
                line = json.dumps({'test': i, 'value': encode(returns, value)})
            except Invalid as error:
                line = json.dumps({'test': i, 'invalid': str(error)})
            except (TypeError, ValueError, AttributeError):
                line = json.dumps({'test': i, 'invalid': 'a %s cannot be written as %s' % (type(value).__name__, returns)})
        except BaseException as error:
            reason = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], str) else str(error)
            line = json.dumps({'test': i, 'error': {'type': type(error).__name__, 'reason': reason}, 'trace': learner_trace(error)})
        sys.stdout = stdout
        stdout.flush()
        stdout.write('\\x1e%s:%d:end\\x1e' % (spec['nonce'], i))
        stdout.flush()
        emit(line)
`;

/**
 * numpy's site-packages (when installed) on the path; its BLAS and OpenMP pools kept to one thread, as a
 * box has one core and counts threads against its process limit.
 */
export function pythonEnv(toolchains: Toolchains): Record<string, string> {
  const threads = { OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  return toolchains.pythonPackages ? { ...threads, PYTHONPATH: toolchains.pythonPackages } : threads;
}

export const python: LanguageModule = {
  id: 'python',
  learnerFile: LEARNER_FILE,
  availability: (sandbox) => programsAvailable(sandbox, ['python3']),
  starter(signature: FunctionSignature): string {
    const { returns } = typesOf(signature);
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'False',
      string: '""',
      array: '[]',
      map: '{}',
      node: 'None',
    });
    const params = signature.params.map((p) => p.name).join(', ');
    return `def ${signature.name}(${params}):\n    # Write your code here.\n    return ${value}\n`;
  },
  plan(signature: FunctionSignature, source: string, toolchains: Toolchains) {
    const call = `main(${JSON.stringify(signature.name)}, ${JSON.stringify(signature.params.map((p) => p.type))}, ${JSON.stringify(signature.returns)})`;
    return {
      files: [
        { path: LEARNER_FILE, content: source },
        { path: 'harness.py', content: `${HARNESS}\n${call}\n` },
      ],
      run: { argv: ['python3', '-B', 'harness.py'], env: pythonEnv(toolchains) },
    };
  },
  program(source: string, toolchains: Toolchains) {
    return {
      files: [{ path: 'main.py', content: source }],
      // Unbuffered: prints and a traceback reach the answer in the order they were written.
      run: { argv: ['python3', '-B', 'main.py'], env: { ...pythonEnv(toolchains), PYTHONUNBUFFERED: '1' } },
    };
  },
};
