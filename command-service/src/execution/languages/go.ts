/*
 * Go. Learner convention: solution.go in `package main` with the question's function exported
 * (PascalCase), called afresh per test:
 *   package main
 *   func TwoNumberSum(array []int, targetSum int) []int { ... }
 * Types: int (int and long: Go's int is 64-bit), float64, bool, string, []T, map[string]T and the provided
 * *ListNode / *TreeNode (`type ListNode struct { Value int; Next *ListNode }`, `type TreeNode struct
 * { Value int; Left, Right *TreeNode }`). A nil slice or map returned counts as empty. A panic with a
 * string is a RUNTIME error with that string. Inputs decode straight into the declared Go types with
 * encoding/json; outputs are written by a small reflective writer.
 */
import type { ValueType } from '@app/contracts';
import {
  capitalize,
  INPUTS_FILE,
  lines,
  MAX_NODES,
  nodesUsed,
  placeholder,
  programsAvailable,
  RESULTS_FILE,
  typesOf,
  defaultPlanMemory,
  heapMb,
} from './language';
import type { CompileStep, LanguageModule, PlanMemory } from './language';
import type { GoStdToolchain } from './toolchains';

export function goType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
    case 'long':
      return 'int';
    case 'float':
      return 'float64';
    case 'bool':
      return 'bool';
    case 'string':
      return 'string';
    case 'array':
      return `[]${goType(type.of)}`;
    case 'map':
      return `map[string]${goType(type.of)}`;
    default:
      return `*${type.kind}`;
  }
}

const hasNodes = (type: ValueType): boolean =>
  type.kind === 'ListNode' ||
  type.kind === 'TreeNode' ||
  ((type.kind === 'array' || type.kind === 'map') && hasNodes(type.of));

/** Decoders for types holding nodes (plain types decode with json.Unmarshal), generated once per type. */
function decoders(
  params: ValueType[],
  api: Api,
): {
  helpers: string[];
  decode: (type: ValueType, raw: string) => string;
} {
  const helpers: string[] = [];
  const names = new Map<string, string>();
  const decode = (type: ValueType, raw: string): string => {
    if (type.kind === 'ListNode') return `harnessList(${raw})`;
    if (type.kind === 'TreeNode') return `harnessTree(${raw})`;
    if (!hasNodes(type)) return `${api('Plain')}[${goType(type)}](${raw})`;
    const key = goType(type);
    let name = names.get(key);
    if (!name) {
      name = `harnessDecode${names.size}`;
      names.set(key, name);
      const item = type.kind === 'array' || type.kind === 'map' ? type.of : type;
      const body =
        type.kind === 'array'
          ? `items := ${api('Plain')}[[]${api('Raw')}](raw)
	out := make(${key}, len(items))
	for i, item := range items {
		out[i] = ${decode(item, 'item')}
	}
	return out`
          : `items := ${api('Plain')}[map[string]${api('Raw')}](raw)
	out := make(${key}, len(items))
	for k, item := range items {
		out[k] = ${decode(item, 'item')}
	}
	return out`;
      helpers.push(`func ${name}(raw ${api('Raw')}) ${key} {\n\t${body}\n}`);
    }
    return `${name}(${raw})`;
  };
  params.forEach((type) => decode(type, 'raw'));
  return { helpers, decode };
}

/**
 * How generated code names the harness's API (`Invalid`, `Must`, `Plain`, `Raw`, `Main`): `harnessMust`
 * when the whole harness is one file of package main, `Must` inside the prebuilt package `harness`, and
 * `harness.Must` from the learner's package when that package is linked in.
 */
type Api = (name: 'Invalid' | 'Must' | 'Plain' | 'Raw' | 'Main') => string;
const inOneFile: Api = (name) => `harness${name}`;
const inPackage: Api = (name) => name;
const fromPackage: Api = (name) => `harness.${name}`;

/** Import path (and name) of the prebuilt part of the harness; the learner's package imports it. */
const HARNESS_PACKAGE = 'harness';
const HARNESS_ARCHIVE = 'harness.a';
const HARNESS_PACKAGE_FILE = 'harness_package.go';

/**
 * What does not depend on the question: JSON in and out, a process per test, the result lines and main's
 * loop (`Main`, given the call of the learner's function and the conversion of the question's node types
 * to plain values). Either the first part of the one-file harness (`package main`) or the package
 * `harness` compiled once (prebuild) and linked with every learner's build.
 */
const core = (packageName: string, api: Api) =>
  lines(
    `package ${packageName}`,
    '',
    'import (',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"io"',
    '\t"math"',
    '\t"os"',
    '\t"os/exec"',
    '\t"reflect"',
    '\t"runtime/debug"',
    '\t"sort"',
    '\t"strconv"',
    '\t"strings"',
    '\t"syscall"',
    '\t"time"',
    ')',
    '',
    `type ${api('Invalid')} string`,
    '',
    `type ${api('Raw')} = json.RawMessage`,
    '',
    `func ${api('Must')}(err error) {`,
    '\tif err != nil {',
    `\t\tpanic(${api('Invalid')}("input: " + err.Error()))`,
    '\t}',
    '}',
    '',
    `func ${api('Plain')}[T any](raw json.RawMessage) T {`,
    '\tvar v T',
    `\t${api('Must')}(json.Unmarshal(raw, &v))`,
    '\treturn v',
    '}',
    '',
    "// The learner's function called with a test's arguments, and the question's node types as plain values.",
    'var harnessCall func(args []json.RawMessage) any',
    'var harnessNodes func(v any) (any, bool)',
    '',
    'func harnessEncode(b *strings.Builder, v reflect.Value) {',
    '\tif !v.IsValid() {',
    '\t\tb.WriteString("null")',
    '\t\treturn',
    '\t}',
    '\tif harnessNodes != nil && v.Kind() == reflect.Pointer && v.CanInterface() {',
    '\t\tif values, ok := harnessNodes(v.Interface()); ok {',
    '\t\t\tharnessEncode(b, reflect.ValueOf(values))',
    '\t\t\treturn',
    '\t\t}',
    '\t}',
    '\tswitch v.Kind() {',
    '\tcase reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:',
    '\t\tb.WriteString(strconv.FormatInt(v.Int(), 10))',
    '\tcase reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:',
    '\t\tb.WriteString(strconv.FormatUint(v.Uint(), 10))',
    '\tcase reflect.Float32, reflect.Float64:',
    '\t\tif f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {',
    '\t\t\tb.WriteString(strconv.Quote(fmt.Sprint(f)))',
    '\t\t} else {',
    "\t\t\tb.WriteString(strconv.FormatFloat(f, 'g', -1, 64))",
    '\t\t}',
    '\tcase reflect.Bool:',
    '\t\tb.WriteString(strconv.FormatBool(v.Bool()))',
    '\tcase reflect.String:',
    '\t\ttext, _ := json.Marshal(v.String())',
    '\t\tb.Write(text)',
    '\tcase reflect.Slice, reflect.Array:',
    "\t\tb.WriteByte('[')",
    '\t\tfor i := 0; i < v.Len(); i++ {',
    '\t\t\tif i > 0 {',
    "\t\t\t\tb.WriteByte(',')",
    '\t\t\t}',
    '\t\t\tharnessEncode(b, v.Index(i))',
    '\t\t}',
    "\t\tb.WriteByte(']')",
    '\tcase reflect.Map:',
    '\t\tkeys := v.MapKeys()',
    '\t\tsort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i]) < fmt.Sprint(keys[j]) })',
    "\t\tb.WriteByte('{')",
    '\t\tfor i, k := range keys {',
    '\t\t\tif i > 0 {',
    "\t\t\t\tb.WriteByte(',')",
    '\t\t\t}',
    '\t\t\tkey, _ := json.Marshal(fmt.Sprint(k))',
    '\t\t\tb.Write(key)',
    "\t\t\tb.WriteByte(':')",
    '\t\t\tharnessEncode(b, v.MapIndex(k))',
    '\t\t}',
    "\t\tb.WriteByte('}')",
    '\tcase reflect.Pointer, reflect.Interface:',
    '\t\tif v.IsNil() {',
    '\t\t\tb.WriteString("null")',
    '\t\t} else {',
    '\t\t\tharnessEncode(b, v.Elem())',
    '\t\t}',
    '\tdefault:',
    `\t\tpanic(${api('Invalid')}("a " + v.Type().String() + " cannot be written as JSON"))`,
    '\t}',
    '}',
    '',
    'func harnessTrace() string {',
    '\tvar out []string',
    '\tfor _, line := range strings.Split(string(debug.Stack()), "\\n") {',
    '\t\tif i := strings.Index(line, "solution.go:"); i >= 0 {',
    '\t\t\tout = append(out, strings.Fields(line[i:])[0])',
    '\t\t}',
    '\t}',
    '\treturn strings.Join(out, "\\n")',
    '}',
    '',
    'func harnessRun(i int, args []json.RawMessage) (line map[string]any) {',
    '\tline = map[string]any{"test": i}',
    '\tdefer func() {',
    '\t\tif r := recover(); r != nil {',
    '\t\t\tswitch e := r.(type) {',
    `\t\t\tcase ${api('Invalid')}:`,
    '\t\t\t\tline["invalid"] = string(e)',
    '\t\t\tcase string:',
    '\t\t\t\tline["error"] = map[string]string{"type": "RUNTIME", "reason": e}',
    '\t\t\t\tline["trace"] = harnessTrace()',
    '\t\t\tcase error:',
    '\t\t\t\tkind := "Error"',
    '\t\t\t\tif strings.HasPrefix(e.Error(), "runtime error") {',
    '\t\t\t\t\tkind = "RuntimeError"',
    '\t\t\t\t}',
    '\t\t\t\tline["error"] = map[string]string{"type": kind, "reason": e.Error()}',
    '\t\t\t\tline["trace"] = harnessTrace()',
    '\t\t\tdefault:',
    '\t\t\t\tline["error"] = map[string]string{"type": "panic", "reason": fmt.Sprint(e)}',
    '\t\t\t\tline["trace"] = harnessTrace()',
    '\t\t\t}',
    '\t\t}',
    '\t}()',
    '\tresult := harnessCall(args)',
    '\tvar b strings.Builder',
    '\tharnessEncode(&b, reflect.ValueOf(result))',
    '\tline["value"] = json.RawMessage(b.String())',
    '\treturn line',
    '}',
    '',
    `// The first bytes a test's process wrote to stderr, where the runtime says why it stopped.
type harnessHead struct{ b []byte }

func (h *harnessHead) Write(p []byte) (int, error) {
	if room := 8192 - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// Why a test's process stopped, from what it wrote to stderr: the runtime's "fatal error:" or
// "panic:" line when there is one, else its first lines.
func (h *harnessHead) why() string {
	lines := strings.Split(strings.TrimSpace(string(h.b)), "\\n")
	for _, line := range lines {
		if strings.HasPrefix(line, "fatal error:") || strings.HasPrefix(line, "panic:") {
			return line
		}
	}
	if len(lines) > 3 {
		lines = lines[:3]
	}
	return strings.Join(lines, "\\n")
}

type harnessSpec struct {
	Nonce string              \`json:"nonce"\`
	Tests [][]json.RawMessage \`json:"tests"\`
}

func harnessWrite(out *os.File, line map[string]any) {
	text, err := json.Marshal(line)
	if err != nil {
		text, _ = json.Marshal(map[string]any{"test": line["test"], "invalid": err.Error()})
	}
	out.Write(append(text, '\\n'))
}

// Test i in a process of its own (this program again), so the learner's package variables start
// fresh for every test. The child writes its result line, then one byte on fd 3; without that byte
// the parent writes why the test ended, except after SIGKILL: a limit of the box, which the runner
// reports itself.
func harnessFork(i int, spec *harnessSpec, out *os.File) {
	self, err := os.Executable()
	${api('Must')}(err)
	done, signal, err := os.Pipe()
	${api('Must')}(err)
	head := &harnessHead{}
	cmd := exec.Command(self, "-harness-test", strconv.Itoa(i))
	cmd.Stdout = os.Stdout
	cmd.Stderr = io.MultiWriter(os.Stderr, head)
	cmd.ExtraFiles = []*os.File{signal}
	// A background process the learner started keeps stderr open: stop copying once the test's ended.
	cmd.WaitDelay = 100 * time.Millisecond
	if err := cmd.Start(); err != nil {
		// No process to spare (the box's process limit): this process runs the test.
		signal.Close()
		done.Close()
		harnessWrite(out, harnessRun(i, spec.Tests[i]))
		return
	}
	signal.Close()
	// One byte, not a read to EOF: a process the learner started may hold the pipe open for ever.
	mark := make([]byte, 1)
	n, _ := done.Read(mark)
	mark = mark[:n]
	done.Close()
	cmd.Wait()
	if len(mark) > 0 {
		return
	}
	status, _ := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if status.Signaled() && status.Signal() == syscall.SIGKILL {
		return
	}
	reason := "The program exited with code " + strconv.Itoa(cmd.ProcessState.ExitCode()) + " during this test"
	if status.Signaled() {
		reason = "The program crashed (" + status.Signal().String() + ")"
	}
	if why := head.why(); why != "" {
		reason += ": " + why
	} else {
		reason += "."
	}
	harnessWrite(out, map[string]any{"test": i, "error": map[string]string{"type": "RUNTIME", "reason": reason}})
}

// The learner's function for every test (call) and the question's node types as plain values (nodes,
// nil without node types), then every test in a process of its own.
func ${api('Main')}(call func(args []json.RawMessage) any, nodes func(v any) (any, bool)) {
	harnessCall, harnessNodes = call, nodes
	debug.SetMaxStack(1 << 30)
	data, err := os.ReadFile("${INPUTS_FILE}")
	${api('Must')}(err)
	var spec harnessSpec
	${api('Must')}(json.Unmarshal(data, &spec))
	out, err := os.OpenFile("${RESULTS_FILE}", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	${api('Must')}(err)
	if len(os.Args) == 3 && os.Args[1] == "-harness-test" {
		// The done pipe is not for the processes the learner's code starts.
		syscall.CloseOnExec(3)
		i, err := strconv.Atoi(os.Args[2])
		${api('Must')}(err)
		harnessWrite(out, harnessRun(i, spec.Tests[i]))
		os.NewFile(3, "done").Write([]byte{1})
		os.Exit(0)
	}
	for i := range spec.Tests {
		fmt.Fprintf(out, "{\\"start\\":%d}\\n", i)
		os.Stdout.WriteString("\\x1e" + spec.Nonce + ":" + strconv.Itoa(i) + ":start\\x1e")
		harnessFork(i, &spec, out)
		os.Stdout.WriteString("\\x1e" + spec.Nonce + ":" + strconv.Itoa(i) + ":end\\x1e")
	}
	os.Exit(0)
}
`,
  );

/**
 * What depends on the question, in the learner's package main: the node types it uses, their decoders
 * and their plain values, and main, which calls the learner's function with each test's decoded arguments.
 */
const questionPart = (
  name: string,
  params: ValueType[],
  nodes: { list: boolean; tree: boolean },
  api: Api,
) => {
  const { helpers, decode } = decoders(params, api);
  const anyNodes = nodes.list || nodes.tree;
  return lines(
    nodes.list && 'type ListNode struct {\n\tValue int\n\tNext  *ListNode\n}\n',
    nodes.tree && 'type TreeNode struct {\n\tValue int\n\tLeft  *TreeNode\n\tRight *TreeNode\n}\n',
    nodes.list &&
      `func harnessList(raw ${api('Raw')}) *ListNode {
	values := ${api('Plain')}[[]int](raw)
	var head *ListNode
	for i := len(values) - 1; i >= 0; i-- {
		head = &ListNode{Value: values[i], Next: head}
	}
	return head
}
`,
    nodes.tree &&
      `func harnessTree(raw ${api('Raw')}) *TreeNode {
	values := ${api('Plain')}[[]*int](raw)
	if len(values) == 0 || values[0] == nil {
		return nil
	}
	root := &TreeNode{Value: *values[0]}
	queue := []*TreeNode{root}
	for q, i := 0, 1; i < len(values); q++ {
		node := queue[q]
		if i < len(values) && values[i] != nil {
			node.Left = &TreeNode{Value: *values[i]}
			queue = append(queue, node.Left)
		}
		i++
		if i < len(values) && values[i] != nil {
			node.Right = &TreeNode{Value: *values[i]}
			queue = append(queue, node.Right)
		}
		i++
	}
	return root
}
`,
    ...helpers.map((helper) => `${helper}\n`),
    anyNodes && 'func harnessNodeValues(v any) (any, bool) {\n\tswitch node := v.(type) {',
    nodes.list &&
      `\tcase *ListNode:
		var values []int
		for n := node; n != nil; n = n.Next {
			values = append(values, n.Value)
			if len(values) > ${MAX_NODES} {
				panic(${api('Invalid')}("the returned list is cyclic or longer than ${MAX_NODES} nodes"))
			}
		}
		return values, true`,
    nodes.tree &&
      `\tcase *TreeNode:
		var values []*int
		queue := []*TreeNode{node}
		for q := 0; q < len(queue); q++ {
			n := queue[q]
			if n == nil {
				values = append(values, nil)
				continue
			}
			value := n.Value
			values = append(values, &value)
			queue = append(queue, n.Left, n.Right)
			if len(queue) > ${MAX_NODES} {
				panic(${api('Invalid')}("the returned tree is cyclic or larger than ${MAX_NODES} nodes"))
			}
		}
		for len(values) > 0 && values[len(values)-1] == nil {
			values = values[:len(values)-1]
		}
		return values, true`,
    anyNodes && '\t}\n\treturn nil, false\n}\n',
    'func main() {',
    `\t${api('Main')}(func(args []${api('Raw')}) any {`,
    `\t\treturn ${capitalize(name)}(${params.map((type, i) => decode(type, `args[${i}]`)).join(', ')})`,
    `\t}, ${anyNodes ? 'harnessNodeValues' : 'nil'})`,
    '}',
    '',
  );
};

/** The whole harness in one file of package main, compiled with the learner's file (no prebuilt part). */
const harness = (name: string, params: ValueType[], nodes: { list: boolean; tree: boolean }) =>
  lines(core('main', inOneFile), '', questionPart(name, params, nodes, inOneFile));

/** The learner's package's part of a build linked with the prebuilt package `harness`. */
const harnessMain = (name: string, params: ValueType[], nodes: { list: boolean; tree: boolean }) =>
  lines(
    'package main',
    '',
    `import "${HARNESS_PACKAGE}"`,
    '',
    questionPart(name, params, nodes, fromPackage),
  );

export const go: LanguageModule = {
  id: 'go',
  learnerFile: 'solution.go',
  availability: (sandbox) => programsAvailable(sandbox, ['go']),
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${p.name} ${goType(params[i])}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1',
      bool: 'false',
      string: '""',
      array: `${goType(returns)}{}`,
      map: `${goType(returns)}{}`,
      node: 'nil',
    });
    return (
      `package main\n\nfunc ${capitalize(signature.name)}(${args}) ${goType(returns)} {\n` +
      `\t// Write your code here.\n\treturn ${value}\n}\n`
    );
  },
  versionCommands: () => [['go', 'version']],
  /** With the standard library's archives: the package `harness`, the same for every question. */
  prebuild(_signature, toolchains, memory) {
    const std = toolchains.goStd;
    if (!std) return undefined;
    return {
      files: [{ path: HARNESS_PACKAGE_FILE, content: core(HARNESS_PACKAGE, inPackage) }],
      compile: {
        argv: [
          std.compile,
          '-p',
          HARNESS_PACKAGE,
          '-complete',
          '-importcfg',
          std.importcfg,
          '-pack',
          '-o',
          HARNESS_ARCHIVE,
          HARNESS_PACKAGE_FILE,
        ],
        env: compilerGc(memory),
        outputs: [HARNESS_ARCHIVE],
      },
    };
  },
  plan(signature, source, toolchains, memory = defaultPlanMemory, prebuilt) {
    const { params } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const archive = prebuilt?.find((file) => file.path === HARNESS_ARCHIVE);
    const std = toolchains.goStd;
    return {
      files:
        archive && std
          ? [
              { path: 'solution.go', content: source },
              { path: 'harness.go', content: harnessMain(signature.name, params, nodes) },
              archive,
            ]
          : [
              { path: 'solution.go', content: source },
              { path: 'harness.go', content: harness(signature.name, params, nodes) },
            ],
      compile: std
        ? directBuild(std, memory, archive !== undefined)
        : {
            argv: ['go', 'build', '-o', 'program', 'solution.go', 'harness.go'],
            env: {
              GOTOOLCHAIN: 'local',
              GOFLAGS: '-buildvcs=false',
              GOPROXY: 'off',
              CGO_ENABLED: '0',
              ...compilerGc(memory),
              ...(toolchains.goCache ? { GOCACHE: toolchains.goCache } : {}),
            },
            outputs: ['program'],
          },
      // A soft limit: the collector works harder near it instead of letting the heap reach the box's.
      run: { argv: ['./program'], env: { GOMEMLIMIT: `${heapMb(memory.runMb)}MiB` } },
    };
  },
  program(source, toolchains, memory = defaultPlanMemory) {
    return {
      files: [{ path: 'main.go', content: source }],
      compile: {
        argv: ['go', 'build', '-o', 'program', 'main.go'],
        env: {
          GOTOOLCHAIN: 'local',
          GOFLAGS: '-buildvcs=false',
          GOPROXY: 'off',
          CGO_ENABLED: '0',
          ...compilerGc(memory),
          ...(toolchains.goCache ? { GOCACHE: toolchains.goCache } : {}),
        },
        outputs: ['program'],
      },
      run: { argv: ['./program'], env: { GOMEMLIMIT: `${heapMb(memory.runMb)}MiB` } },
    };
  },
};

/**
 * The compiler's and linker's collector: off until the heap nears the box's limit (GOMEMLIMIT), so a
 * learner's build, which needs a few hundred MiB at most, spends no time collecting (about a quarter of
 * the build's CPU time), while a build that would grow past the limit still collects.
 */
const compilerGc = (memory: PlanMemory) => ({
  GOGC: 'off',
  GOMEMLIMIT: `${heapMb(memory.compileMb)}MiB`,
});

/**
 * The compiler and the linker run directly on the standard library's archives (no go command, no cache
 * look-ups): about half of `go build`'s time. `-s -w` leaves out the symbol table and DWARF, which
 * panics' stack traces do not need. Messages name `solution.go:line:col` as the editor shows them. With
 * the prebuilt package (`linked`), the compiler reads only the learner's file and the question's part of
 * the harness (a tenth of the one-file harness's compile), and the importcfg names the package's archive
 * beside the standard library's.
 */
function directBuild(std: GoStdToolchain, memory: PlanMemory, linked: boolean): CompileStep {
  const importcfg = linked
    ? `{ cat "$2" && echo "packagefile ${HARNESS_PACKAGE}=${HARNESS_ARCHIVE}"; } > harness.importcfg && `
    : '';
  const cfg = linked ? 'harness.importcfg' : '"$2"';
  return {
    argv: [
      'sh',
      '-c',
      `${importcfg}"$0" -p main -complete -importcfg ${cfg} -pack -o main.a solution.go harness.go && ` +
        `exec "$1" -importcfg ${cfg} -s -w -o program main.a`,
      std.compile,
      std.link,
      std.importcfg,
    ],
    env: compilerGc(memory),
    outputs: ['program'],
  };
}
