/*
 * C# on Mono (mcs, C# 7 level: no records, switch expressions or target-typed `new()`). Learner
 * convention: `public class Program` in Program.cs with the question's method in PascalCase, an instance
 * method on a fresh Program per test:
 *   using System;
 *   using System.Collections.Generic;
 *   public class Program {
 *     public int[] TwoNumberSum(int[] array, int targetSum) { ... }
 *   }
 * Types: int, long, double, bool, string, T[] arrays (jagged int[][]), Dictionary<string, T> and the
 * provided ListNode / TreeNode classes (public fields value, next / left, right).
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
import type { LanguageModule } from './language';

export function csharpType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
      return 'int';
    case 'long':
      return 'long';
    case 'float':
      return 'double';
    case 'bool':
      return 'bool';
    case 'string':
      return 'string';
    case 'array':
      return `${csharpType(type.of)}[]`;
    case 'map':
      return `Dictionary<string, ${csharpType(type.of)}>`;
    default:
      return type.kind;
  }
}

const typeText = (type: ValueType): string =>
  type.kind === 'array'
    ? `${typeText(type.of)}[]`
    : type.kind === 'map'
      ? `map<string,${typeText(type.of)}>`
      : type.kind;

const harness = (name: string, params: ValueType[], nodes: { list: boolean; tree: boolean }) =>
  lines(
    'using System;',
    'using System.Collections;',
    'using System.Collections.Generic;',
    'using System.Globalization;',
    'using System.IO;',
    'using System.Text;',
    'using System.Threading;',
    '',
    'class Harness {',
    '  class Invalid : Exception { public Invalid(string m) : base(m) {} }',
    '',
    '  class Json {',
    '    readonly string s;',
    '    int i;',
    '    public Json(string s) { this.s = s; }',
    '    void Ws() { while (i < s.Length && char.IsWhiteSpace(s[i])) i++; }',
    '    public object Read() {',
    '      Ws();',
    '      char c = s[i];',
    "      if (c == '{') {",
    '        i++;',
    '        var m = new Dictionary<string, object>();',
    "        Ws(); if (s[i] == '}') { i++; return m; }",
    "        while (true) { Ws(); string k = Str(); Ws(); i++; m[k] = Read(); Ws(); if (s[i++] == '}') return m; }",
    '      }',
    "      if (c == '[') {",
    '        i++;',
    '        var l = new List<object>();',
    "        Ws(); if (s[i] == ']') { i++; return l; }",
    "        while (true) { l.Add(Read()); Ws(); if (s[i++] == ']') return l; }",
    '      }',
    "      if (c == '\"') return Str();",
    '      if (string.CompareOrdinal(s, i, "true", 0, 4) == 0) { i += 4; return true; }',
    '      if (string.CompareOrdinal(s, i, "false", 0, 5) == 0) { i += 5; return false; }',
    '      if (string.CompareOrdinal(s, i, "null", 0, 4) == 0) { i += 4; return null; }',
    '      int start = i;',
    '      while (i < s.Length && "+-0123456789.eE".IndexOf(s[i]) >= 0) i++;',
    '      string t = s.Substring(start, i - start);',
    "      if (t.IndexOfAny(new[] { '.', 'e', 'E' }) >= 0) return double.Parse(t, CultureInfo.InvariantCulture);",
    '      return long.Parse(t, CultureInfo.InvariantCulture);',
    '    }',
    '    string Str() {',
    '      i++;',
    '      var b = new StringBuilder();',
    '      while (true) {',
    '        char c = s[i++];',
    "        if (c == '\"') return b.ToString();",
    "        if (c != '\\\\') { b.Append(c); continue; }",
    '        char e = s[i++];',
    '        switch (e) {',
    "          case 'n': b.Append('\\n'); break;",
    "          case 't': b.Append('\\t'); break;",
    "          case 'r': b.Append('\\r'); break;",
    "          case 'b': b.Append('\\b'); break;",
    "          case 'f': b.Append('\\f'); break;",
    "          case 'u': b.Append((char) Convert.ToInt32(s.Substring(i, 4), 16)); i += 4; break;",
    '          default: b.Append(e); break;',
    '        }',
    '      }',
    '    }',
    '  }',
    '',
    '  static Type Cls(string t) {',
    '    if (t.EndsWith("[]")) return Cls(t.Substring(0, t.Length - 2)).MakeArrayType();',
    '    if (t.StartsWith("map<")) return typeof(Dictionary<,>).MakeGenericType(typeof(string), Cls(t.Substring(11, t.Length - 12)));',
    '    switch (t) {',
    '      case "int": return typeof(int);',
    '      case "long": return typeof(long);',
    '      case "float": return typeof(double);',
    '      case "bool": return typeof(bool);',
    nodes.list && '      case "ListNode": return typeof(ListNode);',
    nodes.tree && '      case "TreeNode": return typeof(TreeNode);',
    '      default: return typeof(string);',
    '    }',
    '  }',
    '',
    '  static object Dec(string t, object v) {',
    '    if (t.EndsWith("[]")) {',
    '      string e = t.Substring(0, t.Length - 2);',
    '      var l = (List<object>) v;',
    '      var a = Array.CreateInstance(Cls(e), l.Count);',
    '      for (int k = 0; k < l.Count; k++) a.SetValue(Dec(e, l[k]), k);',
    '      return a;',
    '    }',
    '    if (t.StartsWith("map<")) {',
    '      var m = (IDictionary) Activator.CreateInstance(Cls(t));',
    '      foreach (var en in (Dictionary<string, object>) v) m[en.Key] = Dec(t.Substring(11, t.Length - 12), en.Value);',
    '      return m;',
    '    }',
    '    switch (t) {',
    '      case "int": return Convert.ToInt32(v);',
    '      case "long": return Convert.ToInt64(v);',
    '      case "float": return Convert.ToDouble(v);',
    nodes.list &&
      `      case "ListNode": {
        var l = (List<object>) v ?? new List<object>();
        ListNode head = null;
        for (int k = l.Count - 1; k >= 0; k--) head = new ListNode(Convert.ToInt32(l[k]), head);
        return head;
      }`,
    nodes.tree &&
      `      case "TreeNode": {
        var l = (List<object>) v ?? new List<object>();
        if (l.Count == 0) return null;
        var root = new TreeNode(Convert.ToInt32(l[0]));
        var queue = new List<TreeNode> { root };
        for (int q = 0, k = 1; k < l.Count; q++) {
          var node = queue[q];
          if (k < l.Count && l[k] != null) { node.left = new TreeNode(Convert.ToInt32(l[k])); queue.Add(node.left); }
          k++;
          if (k < l.Count && l[k] != null) { node.right = new TreeNode(Convert.ToInt32(l[k])); queue.Add(node.right); }
          k++;
        }
        return root;
      }`,
    '      default: return v;',
    '    }',
    '  }',
    '',
    '  static void Str(StringBuilder b, string s) {',
    "    b.Append('\"');",
    '    foreach (char c in s) {',
    "      if (c == '\"' || c == '\\\\') b.Append('\\\\').Append(c);",
    '      else if (c < \' \') b.Append("\\\\u").Append(((int) c).ToString("x4"));',
    '      else b.Append(c);',
    '    }',
    "    b.Append('\"');",
    '  }',
    '',
    '  static void Enc(StringBuilder b, object v) {',
    '    if (v == null) b.Append("null");',
    '    else if (v is string || v is char) Str(b, v.ToString());',
    '    else if (v is bool) b.Append((bool) v ? "true" : "false");',
    '    else if (v is double || v is float) {',
    '      double d = Convert.ToDouble(v);',
    '      if (double.IsNaN(d) || double.IsInfinity(d)) Str(b, d.ToString(CultureInfo.InvariantCulture));',
    '      else b.Append(d.ToString("R", CultureInfo.InvariantCulture));',
    '    }',
    '    else if (v is int || v is long || v is short || v is byte) b.Append(Convert.ToInt64(v).ToString(CultureInfo.InvariantCulture));',
    '    else if (v is IDictionary) {',
    "      b.Append('{');",
    '      bool first = true;',
    '      foreach (DictionaryEntry en in (IDictionary) v) {',
    "        if (!first) b.Append(',');",
    '        first = false;',
    '        Str(b, en.Key.ToString());',
    "        b.Append(':');",
    '        Enc(b, en.Value);',
    '      }',
    "      b.Append('}');",
    '    }',
    '    else if (v is IEnumerable) {',
    "      b.Append('[');",
    '      bool first = true;',
    "      foreach (object x in (IEnumerable) v) { if (!first) b.Append(','); first = false; Enc(b, x); }",
    "      b.Append(']');",
    '    }',
    nodes.list &&
      `    else if (v is ListNode) {
      var output = new List<object>();
      for (var n = (ListNode) v; n != null; n = n.next) {
        output.Add(n.value);
        if (output.Count > ${MAX_NODES}) throw new Invalid("the returned list is cyclic or longer than ${MAX_NODES} nodes");
      }
      Enc(b, output);
    }`,
    nodes.tree &&
      `    else if (v is TreeNode) {
      var output = new List<object>();
      var queue = new List<TreeNode> { (TreeNode) v };
      for (int q = 0; q < queue.Count; q++) {
        var n = queue[q];
        if (n == null) { output.Add(null); continue; }
        output.Add(n.value);
        queue.Add(n.left);
        queue.Add(n.right);
        if (queue.Count > ${MAX_NODES}) throw new Invalid("the returned tree is cyclic or larger than ${MAX_NODES} nodes");
      }
      while (output.Count > 0 && output[output.Count - 1] == null) output.RemoveAt(output.Count - 1);
      Enc(b, output);
    }`,
    '    else throw new Invalid("a " + v.GetType().Name + " cannot be written as JSON");',
    '  }',
    '',
    '  static string Trace(Exception e) {',
    '    var b = new StringBuilder();',
    '    foreach (string frame in (e.StackTrace ?? "").Split(\'\\n\'))',
    '      if (frame.Contains("Program.cs")) b.Append(frame.Trim()).Append("\\n");',
    '    return b.ToString();',
    '  }',
    '',
    '  static void RunAll() {',
    `    var spec = (Dictionary<string, object>) new Json(File.ReadAllText("${INPUTS_FILE}", Encoding.UTF8)).Read();`,
    '    string nonce = (string) spec["nonce"];',
    '    var tests = (List<object>) spec["tests"];',
    '    var utf8 = new UTF8Encoding(false);',
    `    using (var output = new FileStream("${RESULTS_FILE}", FileMode.Append, FileAccess.Write)) {`,
    '      var stdout = Console.Out;',
    '      for (int i = 0; i < tests.Count; i++) {',
    '        var a = (List<object>) tests[i];',
    '        var start = utf8.GetBytes("{\\"start\\":" + i + "}\\n");',
    '        output.Write(start, 0, start.Length);',
    '        output.Flush();',
    '        stdout.Write("\\u001e" + nonce + ":" + i + ":start\\u001e");',
    '        stdout.Flush();',
    '        var line = new StringBuilder("{\\"test\\":" + i);',
    '        try {',
    `          object result = new Program().${capitalize(name)}(${params
      .map((type, i) => `(${csharpType(type)}) Dec(${JSON.stringify(typeText(type))}, a[${i}])`)
      .join(', ')});`,
    '          try {',
    '            var value = new StringBuilder();',
    '            Enc(value, result);',
    '            line.Append(",\\"value\\":").Append(value);',
    '          } catch (Invalid e) {',
    '            line.Append(",\\"invalid\\":");',
    '            Str(line, e.Message);',
    '          }',
    '        } catch (Exception e) {',
    '          line.Append(",\\"error\\":{\\"type\\":");',
    '          Str(line, e.GetType().Name);',
    '          line.Append(",\\"reason\\":");',
    '          Str(line, e.Message ?? "");',
    '          line.Append("},\\"trace\\":");',
    '          Str(line, Trace(e));',
    '        }',
    '        Console.SetOut(stdout);',
    '        stdout.Flush();',
    '        stdout.Write("\\u001e" + nonce + ":" + i + ":end\\u001e");',
    '        stdout.Flush();',
    '        var bytes = utf8.GetBytes(line.Append("}\\n").ToString());',
    '        output.Write(bytes, 0, bytes.Length);',
    '        output.Flush();',
    '      }',
    '    }',
    '  }',
    '',
    '  static int Main() {',
    '    Exception failure = null;',
    '    var thread = new Thread(() => { try { RunAll(); } catch (Exception e) { failure = e; } }, 256 << 20);',
    '    thread.Start();',
    '    thread.Join();',
    '    if (failure != null) { Console.Error.WriteLine(failure); return 1; }',
    '    Console.Out.Flush();',
    '    Environment.Exit(0);',
    '    return 0;',
    '  }',
    '}',
    '',
  );

const NODES = (nodes: { list: boolean; tree: boolean }) =>
  lines(
    nodes.list &&
      `public class ListNode {
  public int value;
  public ListNode next;
  public ListNode(int value, ListNode next = null) { this.value = value; this.next = next; }
}`,
    nodes.tree &&
      `public class TreeNode {
  public int value;
  public TreeNode left;
  public TreeNode right;
  public TreeNode(int value, TreeNode left = null, TreeNode right = null) { this.value = value; this.left = left; this.right = right; }
}`,
    '',
  );

export const csharp: LanguageModule = {
  id: 'csharp',
  learnerFile: 'Program.cs',
  availability: (sandbox) => programsAvailable(sandbox, ['mcs', 'mono']),
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${csharpType(params[i])} ${p.name}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'false',
      string: '""',
      array: `new ${csharpType(returns).replace(/\[\]/, '[0]')}`,
      map: `new ${csharpType(returns)}()`,
      node: 'null',
    });
    return (
      `using System;\nusing System.Collections.Generic;\n\npublic class Program {\n` +
      `  public ${csharpType(returns)} ${capitalize(signature.name)}(${args}) {\n` +
      `    // Write your code here.\n    return ${value};\n  }\n}\n`
    );
  },
  versionCommands: () => [
    ['mcs', '--version'],
    ['mono', '--version'],
  ],
  plan(signature, source, _toolchains, memory = defaultPlanMemory) {
    const { params } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const files = [
      { path: 'Program.cs', content: source },
      { path: 'Harness.cs', content: harness(signature.name, params, nodes) },
      ...(nodes.list || nodes.tree ? [{ path: 'Nodes.cs', content: NODES(nodes) }] : []),
    ];
    return {
      files,
      compile: {
        argv: ['mcs', '-nologo', '-optimize+', '-debug', '-out:program.exe', ...files.map((f) => f.path)],
        env: { MONO_GC_PARAMS: `max-heap-size=${heapMb(memory.compileMb)}m` },
        outputs: ['program.exe', 'program.exe.mdb'],
      },
      run: {
        argv: ['mono', '--debug', 'program.exe'],
        env: { MONO_GC_PARAMS: `max-heap-size=${heapMb(memory.runMb)}m` },
      },
    };
  },
};
