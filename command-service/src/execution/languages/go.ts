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
function decoders(params: ValueType[]): {
  helpers: string[];
  decode: (type: ValueType, raw: string) => string;
} {
  const helpers: string[] = [];
  const names = new Map<string, string>();
  const decode = (type: ValueType, raw: string): string => {
    if (type.kind === 'ListNode') return `harnessList(${raw})`;
    if (type.kind === 'TreeNode') return `harnessTree(${raw})`;
    if (!hasNodes(type)) return `harnessPlain[${goType(type)}](${raw})`;
    const key = goType(type);
    let name = names.get(key);
    if (!name) {
      name = `harnessDecode${names.size}`;
      names.set(key, name);
      const item = type.kind === 'array' || type.kind === 'map' ? type.of : type;
      const body =
        type.kind === 'array'
          ? `var items []json.RawMessage
	harnessMust(json.Unmarshal(raw, &items))
	out := make(${key}, len(items))
	for i, item := range items {
		out[i] = ${decode(item, 'item')}
	}
	return out`
          : `var items map[string]json.RawMessage
	harnessMust(json.Unmarshal(raw, &items))
	out := make(${key}, len(items))
	for k, item := range items {
		out[k] = ${decode(item, 'item')}
	}
	return out`;
      helpers.push(`func ${name}(raw json.RawMessage) ${key} {\n\t${body}\n}`);
    }
    return `${name}(${raw})`;
  };
  params.forEach((type) => decode(type, 'raw'));
  return { helpers, decode };
}

const harness = (name: string, params: ValueType[], nodes: { list: boolean; tree: boolean }) => {
  const { helpers, decode } = decoders(params);
  return lines(
    'package main',
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
    nodes.list && 'type ListNode struct {\n\tValue int\n\tNext  *ListNode\n}\n',
    nodes.tree && 'type TreeNode struct {\n\tValue int\n\tLeft  *TreeNode\n\tRight *TreeNode\n}\n',
    'type harnessInvalid string',
    '',
    'func harnessMust(err error) {',
    '\tif err != nil {',
    '\t\tpanic(harnessInvalid("input: " + err.Error()))',
    '\t}',
    '}',
    '',
    'func harnessPlain[T any](raw json.RawMessage) T {',
    '\tvar v T',
    '\tharnessMust(json.Unmarshal(raw, &v))',
    '\treturn v',
    '}',
    '',
    nodes.list &&
      `func harnessList(raw json.RawMessage) *ListNode {
	var values []int
	harnessMust(json.Unmarshal(raw, &values))
	var head *ListNode
	for i := len(values) - 1; i >= 0; i-- {
		head = &ListNode{Value: values[i], Next: head}
	}
	return head
}
`,
    nodes.tree &&
      `func harnessTree(raw json.RawMessage) *TreeNode {
	var values []*int
	harnessMust(json.Unmarshal(raw, &values))
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
    'func harnessEncode(b *strings.Builder, v reflect.Value) {',
    '\tif !v.IsValid() {',
    '\t\tb.WriteString("null")',
    '\t\treturn',
    '\t}',
    '\tswitch node := v.Interface().(type) {',
    nodes.list &&
      `\tcase *ListNode:
		var values []int
		for n := node; n != nil; n = n.Next {
			values = append(values, n.Value)
			if len(values) > ${MAX_NODES} {
				panic(harnessInvalid("the returned list is cyclic or longer than ${MAX_NODES} nodes"))
			}
		}
		harnessEncode(b, reflect.ValueOf(values))
		return`,
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
				panic(harnessInvalid("the returned tree is cyclic or larger than ${MAX_NODES} nodes"))
			}
		}
		for len(values) > 0 && values[len(values)-1] == nil {
			values = values[:len(values)-1]
		}
		harnessEncode(b, reflect.ValueOf(values))
		return`,
    '\tdefault:',
    '\t\t_ = node',
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
    '\t\tpanic(harnessInvalid("a " + v.Type().String() + " cannot be written as JSON"))',
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
    '\t\t\tcase harnessInvalid:',
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
    `\tresult := ${capitalize(name)}(${params.map((type, i) => decode(type, `args[${i}]`)).join(', ')})`,
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
	harnessMust(err)
	done, signal, err := os.Pipe()
	harnessMust(err)
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

func main() {
	debug.SetMaxStack(1 << 30)
	data, err := os.ReadFile("${INPUTS_FILE}")
	harnessMust(err)
	var spec harnessSpec
	harnessMust(json.Unmarshal(data, &spec))
	out, err := os.OpenFile("${RESULTS_FILE}", os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	harnessMust(err)
	if len(os.Args) == 3 && os.Args[1] == "-harness-test" {
		// The done pipe is not for the processes the learner's code starts.
		syscall.CloseOnExec(3)
		i, err := strconv.Atoi(os.Args[2])
		harnessMust(err)
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
};

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
  plan(signature, source, toolchains, memory = defaultPlanMemory) {
    const { params } = typesOf(signature);
    return {
      files: [
        { path: 'solution.go', content: source },
        { path: 'harness.go', content: harness(signature.name, params, nodesUsed(signature)) },
      ],
      compile: toolchains.goStd
        ? directBuild(toolchains.goStd, memory)
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
 * panics' stack traces do not need. Messages name `solution.go:line:col` as the editor shows them.
 */
function directBuild(std: GoStdToolchain, memory: PlanMemory): CompileStep {
  return {
    argv: [
      'sh',
      '-c',
      '"$0" -p main -complete -importcfg "$2" -pack -o main.a solution.go harness.go && ' +
        'exec "$1" -importcfg "$2" -s -w -o program main.a',
      std.compile,
      std.link,
      std.importcfg,
    ],
    env: compilerGc(memory),
    outputs: ['program'],
  };
}
