/*
 * The shared half of the Java and Kotlin harnesses, in Java: a small JSON reader, conversion of test inputs
 * by their declared types (Java arrays, or Kotlin lists), a writer by runtime value, the per-test loop with
 * its result lines and stdout markers, all on a thread with a large stack. It never changes with the
 * question, so ensure-toolchains compiles it once (into <toolchains>/jvm-support/<hash>); each box then
 * compiles only the learner's file and a few generated lines, which saves about half of a Kotlin compile.
 * Java falls back to compiling this source in the box when the precompiled classes are missing.
 *
 * ListNode and TreeNode are the box's own classes (Java fields or Kotlin properties), reached by
 * reflection: a constructor whose first parameter is the int value, and the value/next/left/right fields.
 */
import { createHash } from 'node:crypto';
import { INPUTS_FILE, MAX_NODES, RESULTS_FILE } from './language';

export const JVM_SUPPORT_PATH = 'rce/Support.java';

export const JVM_SUPPORT_SOURCE = `package rce;

import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

@SuppressWarnings("unchecked")
public final class Support {
  @FunctionalInterface
  public interface Call {
    Object apply(Object[] args) throws Throwable;
  }

  static final class Invalid extends RuntimeException {
    Invalid(String message) { super(message); }
  }

  static final class Json {
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
      if (t.contains(".") || t.contains("e") || t.contains("E")) return Double.parseDouble(t);
      return Long.parseLong(t);
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
  }

  static Class<?> node(String name) throws ClassNotFoundException {
    return Class.forName(name);
  }

  static Field field(Object node, String name) throws NoSuchFieldException {
    Field f = node.getClass().getDeclaredField(name);
    f.setAccessible(true);
    return f;
  }

  static Object newNode(Class<?> type, Object value) throws Exception {
    Constructor<?> best = null;
    for (Constructor<?> k : type.getDeclaredConstructors()) {
      Class<?>[] p = k.getParameterTypes();
      boolean fits = p.length > 0 && p[0] == int.class;
      for (int j = 1; j < p.length; j++) fits &= !p[j].isPrimitive();
      if (fits && (best == null || p.length < best.getParameterCount())) best = k;
    }
    if (best == null) throw new IllegalStateException(type.getName() + " has no constructor taking its int value");
    best.setAccessible(true);
    Object[] args = new Object[best.getParameterCount()];
    args[0] = ((Number) value).intValue();
    return best.newInstance(args);
  }

  static Class<?> cls(String t) throws ClassNotFoundException {
    if (t.endsWith("[]")) return Array.newInstance(cls(t.substring(0, t.length() - 2)), 0).getClass();
    if (t.startsWith("map<")) return Map.class;
    switch (t) {
      case "int": return int.class;
      case "long": return long.class;
      case "float": return double.class;
      case "bool": return boolean.class;
      case "string": return String.class;
      default: return node(t);
    }
  }

  /** A JSON value as the declared type: Java arrays, or lists when \`lists\` (Kotlin). */
  static Object dec(String t, Object v, boolean lists) throws Exception {
    if (t.endsWith("[]")) {
      String e = t.substring(0, t.length() - 2);
      List<Object> l = (List<Object>) v;
      if (lists) {
        List<Object> out = new ArrayList<>(l.size());
        for (Object x : l) out.add(dec(e, x, true));
        return out;
      }
      Object a = Array.newInstance(cls(e), l.size());
      for (int k = 0; k < l.size(); k++) Array.set(a, k, dec(e, l.get(k), false));
      return a;
    }
    if (t.startsWith("map<")) {
      Map<String, Object> m = new LinkedHashMap<>();
      String e = t.substring(11, t.length() - 1);
      for (Map.Entry<String, Object> en : ((Map<String, Object>) v).entrySet()) m.put(en.getKey(), dec(e, en.getValue(), lists));
      return m;
    }
    switch (t) {
      case "int": return ((Number) v).intValue();
      case "long": return ((Number) v).longValue();
      case "float": return ((Number) v).doubleValue();
      case "ListNode": {
        List<Object> l = v == null ? new ArrayList<>() : (List<Object>) v;
        Object head = null;
        for (int k = l.size() - 1; k >= 0; k--) {
          Object n = newNode(node("ListNode"), l.get(k));
          field(n, "next").set(n, head);
          head = n;
        }
        return head;
      }
      case "TreeNode": {
        List<Object> l = v == null ? new ArrayList<>() : (List<Object>) v;
        if (l.isEmpty()) return null;
        Class<?> type = node("TreeNode");
        Object root = newNode(type, l.get(0));
        List<Object> queue = new ArrayList<>();
        queue.add(root);
        for (int q = 0, k = 1; k < l.size(); q++) {
          Object parent = queue.get(q);
          for (String side : new String[] {"left", "right"}) {
            if (k < l.size() && l.get(k) != null) {
              Object child = newNode(type, l.get(k));
              field(parent, side).set(parent, child);
              queue.add(child);
            }
            k++;
          }
        }
        return root;
      }
      default: return v;
    }
  }

  static void str(StringBuilder b, String s) {
    b.append('"');
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\\\') b.append('\\\\').append(c);
      else if (c < 0x20) b.append(String.format("\\\\u%04x", (int) c));
      else b.append(c);
    }
    b.append('"');
  }

  static void enc(StringBuilder b, Object v) throws Exception {
    if (v == null) { b.append("null"); return; }
    String kind = v.getClass().getSimpleName();
    if (v instanceof String || v instanceof Character) str(b, v.toString());
    else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) str(b, Double.toString(d)); else b.append(d);
    } else if (v instanceof Number || v instanceof Boolean) b.append(v);
    else if (v.getClass().isArray()) {
      b.append('[');
      for (int k = 0; k < Array.getLength(v); k++) { if (k > 0) b.append(','); enc(b, Array.get(v, k)); }
      b.append(']');
    } else if (v instanceof Collection) {
      b.append('[');
      boolean first = true;
      for (Object x : (Collection<Object>) v) { if (!first) b.append(','); first = false; enc(b, x); }
      b.append(']');
    } else if (v instanceof Map) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<Object, Object> en : ((Map<Object, Object>) v).entrySet()) {
        if (!first) b.append(',');
        first = false;
        str(b, String.valueOf(en.getKey()));
        b.append(':');
        enc(b, en.getValue());
      }
      b.append('}');
    } else if (kind.equals("ListNode")) {
      List<Object> out = new ArrayList<>();
      for (Object n = v; n != null; n = field(n, "next").get(n)) {
        out.add(field(n, "value").get(n));
        if (out.size() > ${MAX_NODES}) throw new Invalid("the returned list is cyclic or longer than ${MAX_NODES} nodes");
      }
      enc(b, out);
    } else if (kind.equals("TreeNode")) {
      List<Object> out = new ArrayList<>();
      List<Object> queue = new ArrayList<>();
      queue.add(v);
      for (int q = 0; q < queue.size(); q++) {
        Object n = queue.get(q);
        if (n == null) { out.add(null); continue; }
        out.add(field(n, "value").get(n));
        queue.add(field(n, "left").get(n));
        queue.add(field(n, "right").get(n));
        if (queue.size() > ${MAX_NODES}) throw new Invalid("the returned tree is cyclic or larger than ${MAX_NODES} nodes");
      }
      while (!out.isEmpty() && out.get(out.size() - 1) == null) out.remove(out.size() - 1);
      enc(b, out);
    } else throw new Invalid("a " + kind + " cannot be written as JSON");
  }

  static String trace(Throwable t, String learnerFile) {
    StringBuilder b = new StringBuilder();
    for (StackTraceElement e : t.getStackTrace())
      if (learnerFile.equals(e.getFileName())) b.append(learnerFile).append(':').append(e.getLineNumber()).append(" in ").append(e.getMethodName()).append('\\n');
    return b.toString();
  }

  static void runAll(String[] types, boolean lists, String learnerFile, Call call) throws Exception {
    Map<String, Object> spec = (Map<String, Object>) new Json(new String(Files.readAllBytes(Paths.get("${INPUTS_FILE}")), StandardCharsets.UTF_8)).read();
    String nonce = (String) spec.get("nonce");
    List<Object> tests = (List<Object>) spec.get("tests");
    FileOutputStream out = new FileOutputStream("${RESULTS_FILE}", true);
    PrintStream stdout = System.out;
    for (int i = 0; i < tests.size(); i++) {
      List<Object> raw = (List<Object>) tests.get(i);
      Object[] args = new Object[types.length];
      for (int k = 0; k < types.length; k++) args[k] = dec(types[k], raw.get(k), lists);
      out.write(("{\\"start\\":" + i + "}\\n").getBytes(StandardCharsets.UTF_8));
      stdout.print("\\u001e" + nonce + ":" + i + ":start\\u001e");
      stdout.flush();
      StringBuilder line = new StringBuilder("{\\"test\\":").append(i);
      try {
        Object result = call.apply(args);
        try {
          StringBuilder value = new StringBuilder();
          enc(value, result);
          line.append(",\\"value\\":").append(value);
        } catch (Invalid e) {
          line.append(",\\"invalid\\":");
          str(line, e.getMessage());
        }
      } catch (Throwable t) {
        line.append(",\\"error\\":{\\"type\\":");
        str(line, t.getClass().getSimpleName());
        line.append(",\\"reason\\":");
        str(line, t.getMessage() == null ? "" : t.getMessage());
        line.append("},\\"trace\\":");
        str(line, trace(t, learnerFile));
      }
      System.setOut(stdout);
      stdout.flush();
      stdout.print("\\u001e" + nonce + ":" + i + ":end\\u001e");
      stdout.flush();
      out.write(line.append("}\\n").toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Runs every test through \`call\` (a fresh solution object per call) and exits. */
  public static void run(String[] types, boolean lists, String learnerFile, Call call) throws InterruptedException {
    Throwable[] failure = new Throwable[1];
    Thread thread = new Thread(null, () -> {
      try { runAll(types, lists, learnerFile, call); } catch (Throwable t) { failure[0] = t; }
    }, "tests", 512L << 20);
    thread.start();
    thread.join();
    if (failure[0] != null) { failure[0].printStackTrace(); System.exit(1); }
    System.exit(0);
  }
}
`;

/** Names the compiled classes' directory, so a changed source never meets stale classes. */
export const JVM_SUPPORT_HASH = createHash('sha1').update(JVM_SUPPORT_SOURCE).digest('hex').slice(0, 12);
