/*
 * Java 17. Learner convention: `class Program` in Program.java with the question's method, an instance
 * method on a fresh Program per test (a static method works too):
 *   import java.util.*;
 *   class Program {
 *     public int[] twoNumberSum(int[] array, int targetSum) { ... }
 *   }
 * Types: int, long, double, boolean, String, T[] arrays (int[][]), Map<String, T> (boxed values) and the
 * provided ListNode / TreeNode classes (public fields value, next / left, right; own files). The harness
 * reads JSON with a small reader of its own, converts by the declared types, writes by runtime value,
 * and runs the tests on a thread with a large stack so deep recursion works.
 */
import type { ValueType } from '@app/contracts';
import {
  INPUTS_FILE,
  lines,
  MAX_NODES,
  nodesUsed,
  placeholder,
  programsAvailable,
  RESULTS_FILE,
  typesOf,
} from './language';
import type { LanguageModule } from './language';

export function javaType(type: ValueType, boxed = false): string {
  switch (type.kind) {
    case 'int':
      return boxed ? 'Integer' : 'int';
    case 'long':
      return boxed ? 'Long' : 'long';
    case 'float':
      return boxed ? 'Double' : 'double';
    case 'bool':
      return boxed ? 'Boolean' : 'boolean';
    case 'string':
      return 'String';
    case 'array':
      return `${javaType(type.of)}[]`;
    case 'map':
      return `Map<String, ${javaType(type.of, true)}>`;
    default:
      return type.kind;
  }
}

/** Shared by the Java and Kotlin harnesses' JVM side: nothing; each has its own reader in its language. */
const JSON_READER = `  static final class Json {
    final String s;
    int i;
    Json(String s) { this.s = s; }
    void ws() { while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++; }
    Object read() {
      ws();
      char c = s.charAt(i);
      if (c == '{') {
        i++;
        Map<String, Object> m = new LinkedHashMap<>();
        ws();
        if (s.charAt(i) == '}') { i++; return m; }
        while (true) {
          ws(); String k = str(); ws(); i++;
          m.put(k, read()); ws();
          if (s.charAt(i++) == '}') return m;
        }
      }
      if (c == '[') {
        i++;
        List<Object> l = new ArrayList<>();
        ws();
        if (s.charAt(i) == ']') { i++; return l; }
        while (true) { l.add(read()); ws(); if (s.charAt(i++) == ']') return l; }
      }
      if (c == '"') return str();
      if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
      if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
      if (s.startsWith("null", i)) { i += 4; return null; }
      int start = i;
      while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
      String t = s.substring(start, i);
      return t.contains(".") || t.contains("e") || t.contains("E") ? (Object) Double.parseDouble(t) : (Object) Long.parseLong(t);
    }
    String str() {
      i++;
      StringBuilder b = new StringBuilder();
      while (true) {
        char c = s.charAt(i++);
        if (c == '"') return b.toString();
        if (c != '\\\\') { b.append(c); continue; }
        char e = s.charAt(i++);
        switch (e) {
          case 'n': b.append('\\n'); break;
          case 't': b.append('\\t'); break;
          case 'r': b.append('\\r'); break;
          case 'b': b.append('\\b'); break;
          case 'f': b.append('\\f'); break;
          case 'u': b.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); i += 4; break;
          default: b.append(e);
        }
      }
    }
  }`;

const harness = (
  name: string,
  params: ValueType[],
  returns: ValueType,
  nodes: { list: boolean; tree: boolean },
) =>
  lines(
    'import java.io.*;',
    'import java.lang.reflect.Array;',
    'import java.nio.charset.StandardCharsets;',
    'import java.nio.file.*;',
    'import java.util.*;',
    '',
    '@SuppressWarnings("unchecked")',
    'public class Harness {',
    JSON_READER,
    '  static final class Invalid extends RuntimeException { Invalid(String m) { super(m); } }',
    '',
    '  static Class<?> cls(String t) {',
    '    if (t.endsWith("[]")) return Array.newInstance(cls(t.substring(0, t.length() - 2)), 0).getClass();',
    '    if (t.startsWith("map<")) return Map.class;',
    '    switch (t) {',
    '      case "int": return int.class;',
    '      case "long": return long.class;',
    '      case "float": return double.class;',
    '      case "bool": return boolean.class;',
    nodes.list && '      case "ListNode": return ListNode.class;',
    nodes.tree && '      case "TreeNode": return TreeNode.class;',
    '      default: return String.class;',
    '    }',
    '  }',
    '',
    '  static Object dec(String t, Object v) {',
    '    if (t.endsWith("[]")) {',
    '      String e = t.substring(0, t.length() - 2);',
    '      List<Object> l = (List<Object>) v;',
    '      Object a = Array.newInstance(cls(e), l.size());',
    '      for (int k = 0; k < l.size(); k++) Array.set(a, k, dec(e, l.get(k)));',
    '      return a;',
    '    }',
    '    if (t.startsWith("map<")) {',
    '      Map<String, Object> m = new HashMap<>();',
    '      for (Map.Entry<String, Object> en : ((Map<String, Object>) v).entrySet()) m.put(en.getKey(), dec(t.substring(11, t.length() - 1), en.getValue()));',
    '      return m;',
    '    }',
    '    switch (t) {',
    '      case "int": return ((Number) v).intValue();',
    '      case "long": return ((Number) v).longValue();',
    '      case "float": return ((Number) v).doubleValue();',
    nodes.list &&
      `      case "ListNode": {
        List<Object> l = v == null ? List.of() : (List<Object>) v;
        ListNode head = null;
        for (int k = l.size() - 1; k >= 0; k--) head = new ListNode(((Number) l.get(k)).intValue(), head);
        return head;
      }`,
    nodes.tree &&
      `      case "TreeNode": {
        List<Object> l = v == null ? List.of() : (List<Object>) v;
        if (l.isEmpty()) return null;
        TreeNode root = new TreeNode(((Number) l.get(0)).intValue());
        List<TreeNode> queue = new ArrayList<>(List.of(root));
        for (int q = 0, k = 1; k < l.size(); q++) {
          TreeNode node = queue.get(q);
          if (k < l.size() && l.get(k) != null) { node.left = new TreeNode(((Number) l.get(k)).intValue()); queue.add(node.left); }
          k++;
          if (k < l.size() && l.get(k) != null) { node.right = new TreeNode(((Number) l.get(k)).intValue()); queue.add(node.right); }
          k++;
        }
        return root;
      }`,
    '      default: return v;',
    '    }',
    '  }',
    '',
    '  static void str(StringBuilder b, String s) {',
    "    b.append('\"');",
    '    for (int k = 0; k < s.length(); k++) {',
    '      char c = s.charAt(k);',
    "      if (c == '\"' || c == '\\\\') b.append('\\\\').append(c);",
    '      else if (c < 0x20) b.append(String.format("\\\\u%04x", (int) c));',
    '      else b.append(c);',
    '    }',
    "    b.append('\"');",
    '  }',
    '',
    '  static void enc(StringBuilder b, Object v) {',
    '    if (v == null) b.append("null");',
    '    else if (v instanceof String || v instanceof Character) str(b, v.toString());',
    '    else if (v instanceof Double || v instanceof Float) {',
    '      double d = ((Number) v).doubleValue();',
    '      if (Double.isFinite(d)) b.append(d); else str(b, Double.toString(d));',
    '    } else if (v instanceof Number || v instanceof Boolean) b.append(v);',
    '    else if (v.getClass().isArray()) {',
    "      b.append('[');",
    "      for (int k = 0; k < Array.getLength(v); k++) { if (k > 0) b.append(','); enc(b, Array.get(v, k)); }",
    "      b.append(']');",
    '    } else if (v instanceof Collection) {',
    "      b.append('[');",
    '      boolean first = true;',
    "      for (Object x : (Collection<Object>) v) { if (!first) b.append(','); first = false; enc(b, x); }",
    "      b.append(']');",
    '    } else if (v instanceof Map) {',
    "      b.append('{');",
    '      boolean first = true;',
    '      for (Map.Entry<Object, Object> en : ((Map<Object, Object>) v).entrySet()) {',
    "        if (!first) b.append(',');",
    '        first = false;',
    '        str(b, String.valueOf(en.getKey()));',
    "        b.append(':');",
    '        enc(b, en.getValue());',
    '      }',
    "      b.append('}');",
    '    }',
    nodes.list &&
      `    else if (v instanceof ListNode) {
      List<Object> out = new ArrayList<>();
      for (ListNode n = (ListNode) v; n != null; n = n.next) {
        out.add(n.value);
        if (out.size() > ${MAX_NODES}) throw new Invalid("the returned list is cyclic or longer than ${MAX_NODES} nodes");
      }
      enc(b, out);
    }`,
    nodes.tree &&
      `    else if (v instanceof TreeNode) {
      List<Object> out = new ArrayList<>();
      List<TreeNode> queue = new ArrayList<>();
      queue.add((TreeNode) v);
      for (int q = 0; q < queue.size(); q++) {
        TreeNode n = queue.get(q);
        if (n == null) { out.add(null); continue; }
        out.add(n.value);
        queue.add(n.left);
        queue.add(n.right);
        if (queue.size() > ${MAX_NODES}) throw new Invalid("the returned tree is cyclic or larger than ${MAX_NODES} nodes");
      }
      while (!out.isEmpty() && out.get(out.size() - 1) == null) out.remove(out.size() - 1);
      enc(b, out);
    }`,
    '    else throw new Invalid("a " + v.getClass().getSimpleName() + " cannot be written as JSON");',
    '  }',
    '',
    '  static String trace(Throwable t) {',
    '    StringBuilder b = new StringBuilder();',
    '    for (StackTraceElement e : t.getStackTrace())',
    '      if ("Program.java".equals(e.getFileName())) b.append("Program.java:").append(e.getLineNumber()).append(" in ").append(e.getMethodName()).append(\'\\n\');',
    '    return b.toString();',
    '  }',
    '',
    '  static void runAll() throws Exception {',
    `    Map<String, Object> spec = (Map<String, Object>) new Json(new String(Files.readAllBytes(Paths.get("${INPUTS_FILE}")), StandardCharsets.UTF_8)).read();`,
    '    String nonce = (String) spec.get("nonce");',
    '    List<Object> tests = (List<Object>) spec.get("tests");',
    `    FileOutputStream out = new FileOutputStream("${RESULTS_FILE}", true);`,
    '    PrintStream stdout = System.out;',
    '    for (int i = 0; i < tests.size(); i++) {',
    '      List<Object> a = (List<Object>) tests.get(i);',
    '      out.write(("{\\"start\\":" + i + "}\\n").getBytes(StandardCharsets.UTF_8));',
    '      stdout.print("\\u001e" + nonce + ":" + i + ":start\\u001e");',
    '      stdout.flush();',
    '      StringBuilder line = new StringBuilder("{\\"test\\":").append(i);',
    '      try {',
    `        Object result = new Program().${name}(${params
      .map((type, i) => `(${javaType(type, false)}) dec(${JSON.stringify(typeText(type))}, a.get(${i}))`)
      .join(', ')});`,
    '        try {',
    '          StringBuilder value = new StringBuilder();',
    '          enc(value, result);',
    '          line.append(",\\"value\\":").append(value);',
    '        } catch (Invalid e) {',
    '          line.append(",\\"invalid\\":");',
    '          str(line, e.getMessage());',
    '        }',
    '      } catch (Throwable t) {',
    '        line.append(",\\"error\\":{\\"type\\":");',
    '        str(line, t.getClass().getSimpleName());',
    '        line.append(",\\"reason\\":");',
    '        str(line, t.getMessage() == null ? "" : t.getMessage());',
    '        line.append("},\\"trace\\":");',
    '        str(line, trace(t));',
    '      }',
    '      System.setOut(stdout);',
    '      stdout.flush();',
    '      stdout.print("\\u001e" + nonce + ":" + i + ":end\\u001e");',
    '      stdout.flush();',
    '      out.write(line.append("}\\n").toString().getBytes(StandardCharsets.UTF_8));',
    '    }',
    '  }',
    '',
    '  public static void main(String[] args) throws Exception {',
    '    Throwable[] failure = new Throwable[1];',
    '    Thread thread = new Thread(null, () -> {',
    '      try { runAll(); } catch (Throwable t) { failure[0] = t; }',
    '    }, "tests", 512L << 20);',
    '    thread.start();',
    '    thread.join();',
    '    if (failure[0] != null) { failure[0].printStackTrace(); System.exit(1); }',
    '    System.exit(0);',
    '  }',
    '}',
    '',
  );

// Keeps the declared type text for the runtime decoder (returns is only checked outside).
const typeText = (type: ValueType): string =>
  type.kind === 'array'
    ? `${typeText(type.of)}[]`
    : type.kind === 'map'
      ? `map<string,${typeText(type.of)}>`
      : type.kind;

const LIST_NODE = `public class ListNode {
  public int value;
  public ListNode next;
  public ListNode(int value) { this.value = value; }
  public ListNode(int value, ListNode next) { this.value = value; this.next = next; }
}
`;

const TREE_NODE = `public class TreeNode {
  public int value;
  public TreeNode left;
  public TreeNode right;
  public TreeNode(int value) { this.value = value; }
  public TreeNode(int value, TreeNode left, TreeNode right) { this.value = value; this.left = left; this.right = right; }
}
`;

export const java: LanguageModule = {
  id: 'java',
  learnerFile: 'Program.java',
  availability: (sandbox) => programsAvailable(sandbox, ['javac', 'java']),
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${javaType(params[i])} ${p.name}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'false',
      string: '""',
      array: `new ${javaType(returns).replace(/\[\]/, '[0]')}`,
      map: 'new HashMap<>()',
      node: 'null',
    });
    return (
      `import java.util.*;\n\nclass Program {\n  public ${javaType(returns)} ${signature.name}(${args}) {\n` +
      `    // Write your code here.\n    return ${value};\n  }\n}\n`
    );
  },
  plan(signature, source) {
    const { params, returns } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const files = [
      { path: 'Program.java', content: source },
      { path: 'Harness.java', content: harness(signature.name, params, returns, nodes) },
      ...(nodes.list ? [{ path: 'ListNode.java', content: LIST_NODE }] : []),
      ...(nodes.tree ? [{ path: 'TreeNode.java', content: TREE_NODE }] : []),
    ];
    const jvm = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto'];
    return {
      files,
      compile: {
        argv: [
          'javac',
          ...jvm.map((flag) => `-J${flag}`),
          '-encoding',
          'UTF-8',
          '-nowarn',
          '-d',
          'classes',
          ...files.map((f) => f.path),
        ],
      },
      run: { argv: ['java', ...jvm, '-cp', 'classes', 'Harness'] },
    };
  },
};
