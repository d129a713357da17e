/*
 * Java 17. Learner convention: `class Program` in Program.java with the question's method, an instance
 * method on a fresh Program per test (a static method works too):
 *   import java.util.*;
 *   class Program {
 *     public int[] twoNumberSum(int[] array, int targetSum) { ... }
 *   }
 * Types: int, long, double, boolean, String, T[] arrays (int[][]), Map<String, T> (boxed values) and the
 * provided ListNode / TreeNode classes (public fields value, next / left, right; own files). The box
 * compiles the learner's file, the node classes and a generated main that hands a call of the learner's
 * method to the shared support (jvm-support.ts: JSON, conversions, the per-test loop on a large stack).
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
import { JVM_SUPPORT_PATH, JVM_SUPPORT_SOURCE } from './jvm-support';
import type { LanguageModule } from './language';
import type { CompileServerSpec } from './compile-servers';
import { JAVA_SERVER_FILE, JAVA_SERVER_SOURCE, serverArguments } from './jvm-compile-server';

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

const harness = (name: string, params: ValueType[]) =>
  lines(
    'import java.util.*;',
    '',
    'public class Harness {',
    '  @SuppressWarnings("unchecked")',
    '  public static void main(String[] args) throws Exception {',
    `    rce.Support.run(new String[] {${params.map((t) => JSON.stringify(formatType(t))).join(', ')}}, false, "Program.java", a -> new Program().${name}(${params
      .map((type, i) => `(${javaType(type)}) a[${i}]`)
      .join(', ')}));`,
    '  }',
    '}',
    '',
  );

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
  versionCommands: () => [
    ['javac', '-version'],
    ['java', '-version'],
  ],
  plan(signature, source, toolchains, memory = defaultPlanMemory) {
    const { params } = typesOf(signature);
    const nodes = nodesUsed(signature);
    const support = toolchains.jvmSupport;
    const files = [
      { path: 'Program.java', content: source },
      { path: 'Harness.java', content: harness(signature.name, params) },
      ...(nodes.list ? [{ path: 'ListNode.java', content: LIST_NODE }] : []),
      ...(nodes.tree ? [{ path: 'TreeNode.java', content: TREE_NODE }] : []),
      ...(support ? [] : [{ path: JVM_SUPPORT_PATH, content: JVM_SUPPORT_SOURCE }]),
    ];
    const jvm = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto'];
    return {
      files,
      compile: {
        argv: [
          'javac',
          ...[...jvm, `-Xmx${heapMb(memory.compileMb)}m`].map((flag) => `-J${flag}`),
          ...(toolchains.javacArchive ? [`-J-XX:SharedArchiveFile=${toolchains.javacArchive}`] : []),
          '-encoding',
          'UTF-8',
          '-nowarn',
          ...(support ? ['-cp', support] : []),
          '-d',
          'classes',
          ...files.map((f) => f.path),
        ],
        outputs: ['classes'],
      },
      run: {
        argv: [
          'java',
          ...jvm,
          `-Xmx${heapMb(memory.runMb)}m`,
          '-cp',
          support ? `classes:${support}` : 'classes',
          'Harness',
        ],
      },
    };
  },
  /** A snippet holds a class Main with its main method (file Main.java, so it may be public). */
  program(source, toolchains, memory = defaultPlanMemory) {
    const jvm = ['-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Xshare:auto'];
    return {
      files: [{ path: 'Main.java', content: source }],
      compile: {
        argv: [
          'javac',
          ...[...jvm, `-Xmx${heapMb(memory.compileMb)}m`].map((flag) => `-J${flag}`),
          ...(toolchains.javacArchive ? [`-J-XX:SharedArchiveFile=${toolchains.javacArchive}`] : []),
          '-encoding',
          'UTF-8',
          '-nowarn',
          '-d',
          'classes',
          'Main.java',
        ],
        outputs: ['classes'],
      },
      run: { argv: ['java', ...jvm, `-Xmx${heapMb(memory.runMb)}m`, '-cp', 'classes', 'Main'] },
    };
  },
};

/**
 * Java's compile server (compile-servers.ts): javac through javax.tools in one JVM, run with the plan's
 * own arguments (the `-J` flags belong to the javac launcher and are left out) plus `-proc:none`, so the
 * class files and messages are those of the box's compile.
 */
export const javaCompileServer: CompileServerSpec = {
  program(_toolchains, memoryMb, maxMessageBytes) {
    return {
      argv: [
        'java',
        '-XX:+UseSerialGC',
        '-Xshare:auto',
        `-Xmx${heapMb(memoryMb)}m`,
        '-Duser.home=/box',
        JAVA_SERVER_FILE,
        'javac',
        String(maxMessageBytes),
      ],
      files: [{ path: JAVA_SERVER_FILE, content: JAVA_SERVER_SOURCE }],
    };
  },
  request(plan, dir) {
    const argv = plan.compile!.argv.slice(1).filter((arg) => !arg.startsWith('-J'));
    const args = serverArguments(
      argv,
      plan.files.map((f) => f.path),
      dir,
      ['-cp', '-classpath', '--class-path'],
    );
    return ['-proc:none', ...args];
  },
};
