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
 * class-data-sharing archive and C1 only; the box compiles only the learner's file, the node classes and a
 * generated main handing a call to the precompiled shared support (jvm-support.ts).
 */
import { formatType } from '@app/contracts';
import type { ValueType } from '@app/contracts';
import {
  defaultPlanMemory,
  heapMb,
  lines,
  nodesUsed,
  placeholder,
  programsAvailable,
  typesOf,
} from './language';
import type { LanguageModule } from './language';
import type { CompileServerSpec } from './compile-servers';
import { JAVA_SERVER_FILE, JAVA_SERVER_SOURCE, serverArguments } from './jvm-compile-server';

const COMPILER_MAIN = 'org.jetbrains.kotlin.cli.jvm.K2JVMCompiler';

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

const harness = (name: string, params: ValueType[]) =>
  lines(
    '@file:Suppress("UNCHECKED_CAST")',
    '',
    'fun main() {',
    `    rce.Support.run(arrayOf(${params.map((t) => JSON.stringify(formatType(t))).join(', ')}), true, "Solution.kt") { a ->`,
    `        Program().${name}(${params.map((type, i) => `a[${i}] as ${kotlinType(type)}`).join(', ')})`,
    '    }',
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
    if (!toolchains.kotlin || !toolchains.jvmSupport) {
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
  versionCommands: () => [['java', '-version']],
  plan(signature, source, toolchains, memory = defaultPlanMemory) {
    const { kotlin, jvmSupport } = toolchains;
    if (!kotlin || !jvmSupport) throw new Error('the Kotlin compiler is not installed');
    const { params } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const files = [
      { path: 'Solution.kt', content: source },
      { path: 'Harness.kt', content: harness(signature.name, params) },
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
          `-Xmx${heapMb(memory.compileMb)}m`,
          '-cp',
          kotlin.compilerClasspath.join(':'),
          COMPILER_MAIN,
          '-no-stdlib',
          '-no-reflect',
          '-nowarn',
          '-classpath',
          `${kotlin.stdlib}:${jvmSupport}`,
          '-d',
          'classes',
          ...files.map((f) => f.path),
        ],
        outputs: ['classes'],
      },
      run: {
        argv: [
          'java',
          '-XX:+UseSerialGC',
          '-XX:TieredStopAtLevel=1',
          '-Xshare:auto',
          `-Xmx${heapMb(memory.runMb)}m`,
          '-cp',
          `classes:${kotlin.stdlib}:${jvmSupport}`,
          'HarnessKt',
        ],
      },
    };
  },
};

/**
 * Kotlin's compile server (compile-servers.ts): K2JVMCompiler in one JVM (the compiler's classpath and
 * class-data-sharing archive as in the box), run with the plan's compiler arguments, a new compiler object
 * per request and the compiler's application environment kept alive between them.
 */
export const kotlinCompileServer: CompileServerSpec = {
  program(toolchains, memoryMb, maxMessageBytes) {
    const { kotlin } = toolchains;
    if (!kotlin || !toolchains.jvmSupport) return undefined;
    return {
      argv: [
        'java',
        ...(kotlin.sharedArchive ? [`-XX:SharedArchiveFile=${kotlin.sharedArchive}`] : []),
        '-Xshare:auto',
        '-XX:+UseSerialGC',
        `-Xmx${heapMb(memoryMb)}m`,
        '-Duser.home=/box',
        '-cp',
        kotlin.compilerClasspath.join(':'),
        JAVA_SERVER_FILE,
        'kotlin',
        String(maxMessageBytes),
      ],
      files: [{ path: JAVA_SERVER_FILE, content: JAVA_SERVER_SOURCE }],
    };
  },
  request(plan, dir) {
    const argv = plan.compile!.argv;
    return serverArguments(
      argv.slice(argv.indexOf(COMPILER_MAIN) + 1),
      plan.files.map((f) => f.path),
      dir,
      ['-classpath', '-cp'],
    );
  },
};
