/*
 * Kotlin (2.x, JVM). Learner convention: `class Program` in Solution.kt with the question's method, on a
 * fresh Program per test:
 *   class Program {
 *     fun twoNumberSum(array: List<Int>, targetSum: Int): List<Int> { ... }
 *   }
 * Types: Int, Long, Double, Boolean, String, List<T> (MutableList returned is fine), Map<String, T> and
 * the provided nullable ListNode? / TreeNode? (`class ListNode(var value: Int, var next: ListNode? = null)`,
 * `class TreeNode(var value: Int, var left: TreeNode? = null, var right: TreeNode? = null)`).
 * Compiled by kotlin-compiler-embeddable on the JVM (from ensure-toolchains), started with its
 * class-data-sharing archive and C1 only, which cuts a cold compile from about 5.5 s to about 2 s.
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

export function kotlinType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
      return 'Int';
    case 'long':
      return 'Long';
    case 'float':
      return 'Double';
    case 'bool':
      return 'Boolean';
    case 'string':
      return 'String';
    case 'array':
      return `List<${kotlinType(type.of)}>`;
    case 'map':
      return `Map<String, ${kotlinType(type.of)}>`;
    default:
      return `${type.kind}?`;
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
    '@file:Suppress("UNCHECKED_CAST")',
    '',
    'import java.io.File',
    'import java.io.FileOutputStream',
    '',
    'private class Json(val s: String) {',
    '    var i = 0',
    '    fun ws() { while (i < s.length && s[i].isWhitespace()) i++ }',
    '    fun read(): Any? {',
    '        ws()',
    '        val c = s[i]',
    "        if (c == '{') {",
    '            i++',
    '            val m = LinkedHashMap<String, Any?>()',
    "            ws(); if (s[i] == '}') { i++; return m }",
    '            while (true) {',
    '                ws(); val k = str(); ws(); i++',
    '                m[k] = read(); ws()',
    "                if (s[i++] == '}') return m",
    '            }',
    '        }',
    "        if (c == '[') {",
    '            i++',
    '            val l = ArrayList<Any?>()',
    "            ws(); if (s[i] == ']') { i++; return l }",
    "            while (true) { l.add(read()); ws(); if (s[i++] == ']') return l }",
    '        }',
    "        if (c == '\"') return str()",
    '        if (s.startsWith("true", i)) { i += 4; return true }',
    '        if (s.startsWith("false", i)) { i += 5; return false }',
    '        if (s.startsWith("null", i)) { i += 4; return null }',
    '        val start = i',
    '        while (i < s.length && "+-0123456789.eE".indexOf(s[i]) >= 0) i++',
    '        val t = s.substring(start, i)',
    "        return if (t.any { it == '.' || it == 'e' || it == 'E' }) t.toDouble() else t.toLong()",
    '    }',
    '    fun str(): String {',
    '        i++',
    '        val b = StringBuilder()',
    '        while (true) {',
    '            val c = s[i++]',
    "            if (c == '\"') return b.toString()",
    "            if (c != '\\\\') { b.append(c); continue }",
    '            when (val e = s[i++]) {',
    "                'n' -> b.append('\\n')",
    "                't' -> b.append('\\t')",
    "                'r' -> b.append('\\r')",
    "                'b' -> b.append('\\b')",
    "                'f' -> b.append('\\u000c')",
    "                'u' -> { b.append(s.substring(i, i + 4).toInt(16).toChar()); i += 4 }",
    '                else -> b.append(e)',
    '            }',
    '        }',
    '    }',
    '}',
    '',
    'private class Invalid(message: String) : RuntimeException(message)',
    '',
    'private fun dec(t: String, v: Any?): Any? {',
    '    if (t.endsWith("[]")) return (v as List<Any?>).map { dec(t.dropLast(2), it) }',
    '    if (t.startsWith("map<")) return (v as Map<String, Any?>).mapValues { dec(t.substring(11, t.length - 1), it.value) }',
    '    return when (t) {',
    '        "int" -> (v as Number).toInt()',
    '        "long" -> (v as Number).toLong()',
    '        "float" -> (v as Number).toDouble()',
    nodes.list &&
      '        "ListNode" -> ((v ?: emptyList<Any?>()) as List<Any?>).foldRight(null as ListNode?) { x, next -> ListNode((x as Number).toInt(), next) }',
    nodes.tree &&
      `        "TreeNode" -> {
            val l = (v ?: emptyList<Any?>()) as List<Any?>
            if (l.isEmpty()) return null
            val root = TreeNode((l[0] as Number).toInt())
            val queue = arrayListOf(root)
            var q = 0
            var k = 1
            while (k < l.size) {
                val node = queue[q++]
                if (k < l.size && l[k] != null) { node.left = TreeNode((l[k] as Number).toInt()); queue.add(node.left!!) }
                k++
                if (k < l.size && l[k] != null) { node.right = TreeNode((l[k] as Number).toInt()); queue.add(node.right!!) }
                k++
            }
            root
        }`,
    '        else -> v',
    '    }',
    '}',
    '',
    'private fun str(b: StringBuilder, s: String) {',
    "    b.append('\"')",
    '    for (c in s) {',
    "        if (c == '\"' || c == '\\\\') b.append('\\\\').append(c)",
    '        else if (c < \' \') b.append(String.format("\\\\u%04x", c.code))',
    '        else b.append(c)',
    '    }',
    "    b.append('\"')",
    '}',
    '',
    'private fun enc(b: StringBuilder, v: Any?) {',
    '    when (v) {',
    '        null -> b.append("null")',
    '        is String, is Char -> str(b, v.toString())',
    '        is Double, is Float -> { val d = (v as Number).toDouble(); if (d.isFinite()) b.append(d) else str(b, d.toString()) }',
    '        is Number, is Boolean -> b.append(v)',
    '        is IntArray -> enc(b, v.toList())',
    '        is LongArray -> enc(b, v.toList())',
    '        is DoubleArray -> enc(b, v.toList())',
    '        is BooleanArray -> enc(b, v.toList())',
    '        is Array<*> -> enc(b, v.toList())',
    "        is Iterable<*> -> { b.append('['); v.forEachIndexed { k, x -> if (k > 0) b.append(','); enc(b, x) }; b.append(']') }",
    "        is Map<*, *> -> { b.append('{'); var first = true; for ((k, x) in v) { if (!first) b.append(','); first = false; str(b, k.toString()); b.append(':'); enc(b, x) }; b.append('}') }",
    nodes.list &&
      `        is ListNode -> {
            val out = ArrayList<Int>()
            var n: ListNode? = v
            while (n != null) {
                out.add(n.value)
                if (out.size > ${MAX_NODES}) throw Invalid("the returned list is cyclic or longer than ${MAX_NODES} nodes")
                n = n.next
            }
            enc(b, out)
        }`,
    nodes.tree &&
      `        is TreeNode -> {
            val out = ArrayList<Int?>()
            val queue = arrayListOf<TreeNode?>(v)
            var q = 0
            while (q < queue.size) {
                val n = queue[q++]
                if (n == null) { out.add(null); continue }
                out.add(n.value)
                queue.add(n.left)
                queue.add(n.right)
                if (queue.size > ${MAX_NODES}) throw Invalid("the returned tree is cyclic or larger than ${MAX_NODES} nodes")
            }
            while (out.isNotEmpty() && out.last() == null) out.removeAt(out.size - 1)
            enc(b, out)
        }`,
    '        else -> throw Invalid("a " + v.javaClass.simpleName + " cannot be written as JSON")',
    '    }',
    '}',
    '',
    'private fun trace(t: Throwable): String =',
    '    t.stackTrace.filter { it.fileName == "Solution.kt" }.joinToString("") { "Solution.kt:${it.lineNumber} in ${it.methodName}\\n" }',
    '',
    'private fun runAll() {',
    `    val spec = Json(File("${INPUTS_FILE}").readText()).read() as Map<String, Any?>`,
    '    val nonce = spec["nonce"] as String',
    '    val tests = spec["tests"] as List<List<Any?>>',
    `    val out = FileOutputStream("${RESULTS_FILE}", true)`,
    '    val stdout = System.out',
    '    for ((i, a) in tests.withIndex()) {',
    '        out.write("{\\"start\\":$i}\\n".toByteArray())',
    '        stdout.print("\\u001e$nonce:$i:start\\u001e")',
    '        stdout.flush()',
    '        val line = StringBuilder("{\\"test\\":$i")',
    '        try {',
    `            val result: Any? = Program().${name}(${params
      .map((type, i) => `dec(${JSON.stringify(typeText(type))}, a[${i}]) as ${kotlinType(type)}`)
      .join(', ')})`,
    '            try {',
    '                val value = StringBuilder()',
    '                enc(value, result)',
    '                line.append(",\\"value\\":").append(value)',
    '            } catch (e: Invalid) {',
    '                line.append(",\\"invalid\\":")',
    '                str(line, e.message ?: "")',
    '            }',
    '        } catch (t: Throwable) {',
    '            line.append(",\\"error\\":{\\"type\\":")',
    '            str(line, t.javaClass.simpleName)',
    '            line.append(",\\"reason\\":")',
    '            str(line, t.message ?: "")',
    '            line.append("},\\"trace\\":")',
    '            str(line, trace(t))',
    '        }',
    '        System.setOut(stdout)',
    '        stdout.flush()',
    '        stdout.print("\\u001e$nonce:$i:end\\u001e")',
    '        stdout.flush()',
    '        out.write(line.append("}\\n").toString().toByteArray())',
    '    }',
    '}',
    '',
    'fun main() {',
    '    var failure: Throwable? = null',
    '    val thread = Thread(null, { try { runAll() } catch (t: Throwable) { failure = t } }, "tests", 512L shl 20)',
    '    thread.start()',
    '    thread.join()',
    '    failure?.let { it.printStackTrace(); System.exit(1) }',
    '    System.exit(0)',
    '}',
    '',
  );

const NODES = (nodes: { list: boolean; tree: boolean }) =>
  lines(
    nodes.list && 'class ListNode(var value: Int, var next: ListNode? = null)',
    nodes.tree && 'class TreeNode(var value: Int, var left: TreeNode? = null, var right: TreeNode? = null)',
    '',
  );

export const kotlin: LanguageModule = {
  id: 'kotlin',
  learnerFile: 'Solution.kt',
  async availability(sandbox, toolchains) {
    if (!toolchains.kotlin) {
      return {
        available: false,
        reason: 'the Kotlin compiler is not installed (node infra/dist/ensure-toolchains.js)',
      };
    }
    return programsAvailable(sandbox, ['java']);
  },
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `${p.name}: ${kotlinType(params[i])}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'false',
      string: '""',
      array: 'listOf()',
      map: 'mapOf()',
      node: 'null',
    });
    return (
      `class Program {\n    fun ${signature.name}(${args}): ${kotlinType(returns)} {\n` +
      `        // Write your code here.\n        return ${value}\n    }\n}\n`
    );
  },
  plan(signature, source, toolchains) {
    const kotlin = toolchains.kotlin;
    if (!kotlin) throw new Error('the Kotlin compiler is not installed');
    const { params } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const files = [
      { path: 'Solution.kt', content: source },
      { path: 'Harness.kt', content: harness(signature.name, params, nodes) },
      ...(nodes.list || nodes.tree ? [{ path: 'Nodes.kt', content: NODES(nodes) }] : []),
    ];
    const archive = kotlin.sharedArchive ? [`-XX:SharedArchiveFile=${kotlin.sharedArchive}`] : [];
    return {
      files,
      compile: {
        argv: [
          'java',
          ...archive,
          '-XX:TieredStopAtLevel=1',
          '-cp',
          kotlin.compilerClasspath.join(':'),
          'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler',
          '-no-stdlib',
          '-no-reflect',
          '-nowarn',
          '-classpath',
          kotlin.stdlib,
          '-d',
          'classes',
          ...files.map((f) => f.path),
        ],
      },
      run: {
        argv: [
          'java',
          '-XX:+UseSerialGC',
          '-XX:TieredStopAtLevel=1',
          '-Xshare:auto',
          '-cp',
          `classes:${kotlin.stdlib}`,
          'HarnessKt',
        ],
      },
    };
  },
};
