/*
 * The Python program that traces a reference solution (run in the sandbox by generate-trace.ts). It
 * reads trace-input.json ({ name, params, returns, args, maxSteps }), runs solution.py's function under
 * sys.settrace, keeps the line, call, return and exception events of the solution's own frames, and
 * writes trace-result.json: the steps (the changed variables and heap objects of each, see
 * contracts/src/content/walkthrough-trace.ts), the frames' function names, which names index which
 * sequences in the code (from its syntax tree) and the returned value as the signature's JSON. Heap
 * ids are given in order of first sight and sets are listed sorted, so a run gives the same trace each
 * time (with PYTHONHASHSEED fixed for sets of strings).
 */
export const TRACER_FILE = 'tracer.py';
export const TRACER_INPUT_FILE = 'trace-input.json';
export const TRACER_RESULT_FILE = 'trace-result.json';

export const TRACER_SOURCE = String.raw`import ast, json, math, sys
from collections import deque

SOLUTION = 'solution.py'
spec = json.load(open('trace-input.json', encoding='utf-8'))
MAX_STEPS = spec['maxSteps']
MAX_ITEMS = 64
MAX_TEXT = 120
SAFE_INT = 2 ** 53 - 1

class ListNode:
    def __init__(self, value=0, next=None):
        self.value = value
        self.next = next

class TreeNode:
    def __init__(self, value=0, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right

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

def encode_output(t, v):
    if t.endswith('[]'):
        return [encode_output(t[:-2], x) for x in v]
    if t.startswith('map<'):
        return {str(k): encode_output(t[11:-1], x) for k, x in v.items()}
    if t == 'ListNode':
        out = []
        while v is not None and len(out) <= 10000:
            out.append(v.value)
            v = v.next
        return out
    if t == 'TreeNode':
        out, queue, q = [], [v], 0
        while q < len(queue) and len(queue) <= 10000:
            node, q = queue[q], q + 1
            if node is None:
                out.append(None)
                continue
            out.append(node.value)
            queue += [node.left, node.right]
        while out and out[-1] is None:
            out.pop()
        return out
    return v

def index_pairs(source):
    # Per function: which names index which sequences (a[i], a[i + 1]; grid[r][c] gives grid: r).
    pairs = {}
    def names_in(node):
        if isinstance(node, ast.Name):
            return [node.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            return names_in(node.left) + names_in(node.right)
        return []
    class Visitor(ast.NodeVisitor):
        def __init__(self):
            self.function = '<module>'
        def visit_FunctionDef(self, node):
            outer, self.function = self.function, node.name
            self.generic_visit(node)
            self.function = outer
        def visit_Subscript(self, node):
            if isinstance(node.value, ast.Name) and not isinstance(node.slice, ast.Slice):
                found = pairs.setdefault(self.function, {}).setdefault(node.value.id, [])
                for name in names_in(node.slice):
                    if name not in found:
                        found.append(name)
            self.generic_visit(node)
    Visitor().visit(ast.parse(source))
    return pairs

class Recorder:
    def __init__(self):
        self.steps = []
        self.functions = []
        self.frame_ids = {}
        self.kept = []
        self.heap_ids = {}
        self.heap_last = {}
        self.locals_last = {}
        self.truncated = False
        self.skipped = 0
        self.root = None

    def ref(self, obj, pending):
        key = id(obj)
        if key not in self.heap_ids:
            self.heap_ids[key] = len(self.heap_ids)
            self.kept.append(obj)
        pending.append(obj)
        return {'ref': self.heap_ids[key]}

    def value(self, v, pending):
        if v is None or isinstance(v, (bool, str)) and len(v if isinstance(v, str) else '') <= MAX_TEXT:
            return v
        if isinstance(v, str):
            return v[:MAX_TEXT] + '\u2026'
        if isinstance(v, int):
            return v if -SAFE_INT <= v <= SAFE_INT else {'num': str(v)}
        if isinstance(v, float):
            return v if math.isfinite(v) else {'num': repr(v)}
        if isinstance(v, (list, tuple, dict, set, frozenset, deque)) or hasattr(v, '__dict__') and not callable(v) and not isinstance(v, type):
            return self.ref(v, pending)
        return {'repr': repr(v)[:MAX_TEXT]}

    def shape(self, obj, pending):
        def items(seq):
            seq = list(seq)
            out = [self.value(x, pending) for x in seq[:MAX_ITEMS]]
            return out, len(seq) - len(out)
        if isinstance(obj, (set, frozenset)):
            values, more = items(sorted(obj, key=lambda x: (type(x).__name__, x if isinstance(x, (int, float, str)) else repr(x))))
            shaped = {'kind': 'set', 'items': values}
        elif isinstance(obj, dict):
            entries = list(obj.items())
            shaped = {'kind': 'dict', 'entries': [[self.value(k, pending), self.value(v, pending)] for k, v in entries[:MAX_ITEMS]]}
            more = len(entries) - min(len(entries), MAX_ITEMS)
        elif isinstance(obj, (list, tuple, deque)):
            values, more = items(obj)
            shaped = {'kind': 'list' if isinstance(obj, list) else type(obj).__name__, 'items': values}
        else:
            fields = vars(obj)
            shaped = {'kind': 'object', 'type': type(obj).__name__, 'fields': {k: self.value(v, pending) for k, v in fields.items()}}
            more = 0
        if more:
            shaped['more'] = more
        return shaped

    def frames(self, frame):
        stack = []
        while frame is not None:
            if frame.f_code.co_filename == SOLUTION:
                stack.append(frame)
            frame = frame.f_back
        stack.reverse()
        return stack

    def record(self, frame, event, arg):
        stack = self.frames(frame)
        if self.root is None:
            self.root = frame
        if len(self.steps) >= MAX_STEPS:
            if not (event == 'return' and frame is self.root):
                self.truncated = True
                self.skipped += 1
                return
        step = {'event': event, 'line': frame.f_lineno}
        pending = []
        shown_stack = []
        changed = {}
        for f in stack:
            key = id(f)
            if key not in self.frame_ids:
                self.frame_ids[key] = len(self.functions)
                self.functions.append(f.f_code.co_name)
                self.kept.append(f)
            fid = self.frame_ids[key]
            shown_stack.append([fid, f.f_lineno])
            last = self.locals_last.setdefault(fid, {})
            now = {}
            for name, v in f.f_locals.items():
                if callable(v) and not hasattr(v, '__dict__') or isinstance(v, type) or type(v).__name__ in ('function', 'module', 'builtin_function_or_method'):
                    continue
                now[name] = self.value(v, pending)
            diff = {k: v for k, v in now.items() if k not in last or json.dumps(last[k]) != json.dumps(v)}
            gone = [k for k in last if k not in now]
            if diff or gone:
                changed[str(fid)] = diff
                if gone:
                    diff['$gone'] = gone
            self.locals_last[fid] = now
        step['stack'] = shown_stack
        if changed:
            step['locals'] = changed
        if event == 'return':
            step['value'] = self.value(arg, pending)
            self.locals_last.pop(self.frame_ids[id(frame)], None)
        if event == 'exception':
            step['error'] = '%s: %s' % (arg[0].__name__, str(arg[1])[:MAX_TEXT])
        heap = {}
        seen = set()
        while pending:
            obj = pending.pop()
            hid = self.heap_ids[id(obj)]
            if hid in seen:
                continue
            seen.add(hid)
            shaped = self.shape(obj, pending)
            text = json.dumps(shaped)
            if self.heap_last.get(hid) != text:
                self.heap_last[hid] = text
                heap[str(hid)] = shaped
        if heap:
            step['heap'] = heap
        if self.truncated and self.skipped:
            step['skipped'] = self.skipped
        self.steps.append(step)

    def trace(self, frame, event, arg):
        if frame.f_code.co_filename != SOLUTION:
            return None
        self.record(frame, event, arg)
        return self.local

    def local(self, frame, event, arg):
        if event in ('line', 'return', 'exception'):
            self.record(frame, event, arg)
        return self.local

def run(source, args):
    code = compile(source, SOLUTION, 'exec')
    scope = {'__name__': '__solution__', 'ListNode': ListNode, 'TreeNode': TreeNode}
    exec(code, scope)
    function = scope[spec['name']]
    recorder = Recorder()
    decoded = [decode(t, a) for t, a in zip(spec['params'], args)]
    sys.settrace(recorder.trace)
    try:
        value = function(*decoded)
    finally:
        sys.settrace(None)
    return recorder, value

def main():
    sys.setrecursionlimit(5000)
    with open(SOLUTION, encoding='utf-8') as f:
        source = f.read()
    recorder, value = run(source, spec['args'])
    result = {
        'runtime': 'Python ' + sys.version.split()[0],
        'functions': recorder.functions,
        'indexes': index_pairs(source),
        'steps': recorder.steps,
        'truncated': recorder.truncated,
        'skippedSteps': recorder.skipped,
        'output': encode_output(spec['returns'], value),
    }
    with open('trace-result.json', 'w', encoding='utf-8') as f:
        json.dump(result, f, separators=(',', ':'), sort_keys=False)

main()
`;
