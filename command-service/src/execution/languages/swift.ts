/*
 * Swift. No Swift toolchain can be installed on these machines, so this language reports unavailable
 * unless `swiftc` is inside the box; the harness below is written to the same protocol but has not run
 * here. Learner convention: `class Program` in solution.swift, a method with unlabelled parameters on a
 * fresh Program per test:
 *   class Program {
 *     func twoNumberSum(_ array: [Int], _ targetSum: Int) -> [Int] { ... }
 *   }
 * Types: Int, Double, Bool, String, [T], [String: T] and the provided ListNode? / TreeNode? classes
 * (`value`, `next` / `left`, `right`; `init(_ value: Int)`). Swift cannot catch traps, so a crash ends
 * the run and is attributed to the test that was running.
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

export function swiftType(type: ValueType): string {
  switch (type.kind) {
    case 'int':
    case 'long':
      return 'Int';
    case 'float':
      return 'Double';
    case 'bool':
      return 'Bool';
    case 'string':
      return 'String';
    case 'array':
      return `[${swiftType(type.of)}]`;
    case 'map':
      return `[String: ${swiftType(type.of)}]`;
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

const harness = (
  name: string,
  params: ValueType[],
  returns: ValueType,
  nodes: { list: boolean; tree: boolean },
) =>
  lines(
    'import Foundation',
    '',
    nodes.list &&
      'class ListNode {\n  var value: Int\n  var next: ListNode?\n  init(_ value: Int, _ next: ListNode? = nil) { self.value = value; self.next = next }\n}',
    nodes.tree &&
      'class TreeNode {\n  var value: Int\n  var left: TreeNode?\n  var right: TreeNode?\n  init(_ value: Int) { self.value = value }\n}',
    'struct HarnessInvalid: Error { let reason: String }',
    '',
    'func harnessDec(_ t: String, _ v: Any) -> Any {',
    '  if t.hasSuffix("[]") { return (v as! [Any]).map { harnessDec(String(t.dropLast(2)), $0) } }',
    '  if t.hasPrefix("map<") { return (v as! [String: Any]).mapValues { harnessDec(String(t.dropFirst(11).dropLast()), $0) } }',
    '  switch t {',
    '  case "int", "long": return (v as! NSNumber).intValue',
    '  case "float": return (v as! NSNumber).doubleValue',
    '  case "bool": return (v as! NSNumber).boolValue',
    nodes.list &&
      '  case "ListNode":\n    var head: ListNode? = nil\n    for x in ((v as? [Any]) ?? []).reversed() { head = ListNode((x as! NSNumber).intValue, head) }\n    return head as Any',
    nodes.tree &&
      `  case "TreeNode":
    let l = (v as? [Any]) ?? []
    if l.isEmpty { return Optional<TreeNode>.none as Any }
    let root = TreeNode((l[0] as! NSNumber).intValue)
    var queue = [root]
    var q = 0, k = 1
    while k < l.count {
      let node = queue[q]; q += 1
      if k < l.count, let x = l[k] as? NSNumber { node.left = TreeNode(x.intValue); queue.append(node.left!) }
      k += 1
      if k < l.count, let x = l[k] as? NSNumber { node.right = TreeNode(x.intValue); queue.append(node.right!) }
      k += 1
    }
    return root as TreeNode? as Any`,
    '  default: return v',
    '  }',
    '}',
    '',
    'func harnessEnc(_ t: String, _ v: Any?) throws -> Any {',
    '  guard let v = v else { return NSNull() }',
    '  if t.hasSuffix("[]") { return try (v as! [Any]).map { try harnessEnc(String(t.dropLast(2)), $0) } }',
    '  if t.hasPrefix("map<") { return try (v as! [String: Any]).mapValues { try harnessEnc(String(t.dropFirst(11).dropLast()), $0) } }',
    '  switch t {',
    '  case "float":',
    '    let d = v as! Double',
    '    return d.isFinite ? d : String(d)',
    nodes.list &&
      `  case "ListNode":
    var out: [Int] = []
    var n = v as? ListNode
    while let node = n {
      out.append(node.value)
      if out.count > ${MAX_NODES} { throw HarnessInvalid(reason: "the returned list is cyclic or longer than ${MAX_NODES} nodes") }
      n = node.next
    }
    return out`,
    nodes.tree &&
      `  case "TreeNode":
    var out: [Any] = []
    var queue: [TreeNode?] = [v as? TreeNode]
    var q = 0
    while q < queue.count {
      let n = queue[q]; q += 1
      guard let node = n else { out.append(NSNull()); continue }
      out.append(node.value)
      queue.append(node.left); queue.append(node.right)
      if queue.count > ${MAX_NODES} { throw HarnessInvalid(reason: "the returned tree is cyclic or larger than ${MAX_NODES} nodes") }
    }
    while let last = out.last, last is NSNull { out.removeLast() }
    return out`,
    '  default: return v',
    '  }',
    '}',
    '',
    'func harnessLine(_ object: Any) -> String {',
    '  let data = try! JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])',
    '  return String(data: data, encoding: .utf8)! + "\\n"',
    '}',
    '',
    `let harnessSpec = try! JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: "${INPUTS_FILE}"))) as! [String: Any]`,
    'let harnessNonce = harnessSpec["nonce"] as! String',
    `FileManager.default.createFile(atPath: "${RESULTS_FILE}", contents: nil)`,
    `let harnessOut = FileHandle(forWritingAtPath: "${RESULTS_FILE}")!`,
    'setvbuf(stdout, nil, _IOLBF, 0)',
    'for (i, raw) in (harnessSpec["tests"] as! [[Any]]).enumerated() {',
    '  harnessOut.write(harnessLine(["start": i]).data(using: .utf8)!)',
    '  print("\\u{1e}\\(harnessNonce):\\(i):start\\u{1e}", terminator: "")',
    '  fflush(stdout)',
    `  let result: ${swiftType(returns)} = Program().${name}(${params
      .map((type, i) => `harnessDec(${JSON.stringify(typeText(type))}, raw[${i}]) as! ${swiftType(type)}`)
      .join(', ')})`,
    '  var line: [String: Any] = ["test": i]',
    `  do { line["value"] = try harnessEnc(${JSON.stringify(typeText(returns))}, result) } catch let e as HarnessInvalid { line["invalid"] = e.reason }`,
    '  fflush(stdout)',
    '  print("\\u{1e}\\(harnessNonce):\\(i):end\\u{1e}", terminator: "")',
    '  fflush(stdout)',
    '  harnessOut.write(harnessLine(line).data(using: .utf8)!)',
    '}',
    '',
  );

export const swift: LanguageModule = {
  id: 'swift',
  learnerFile: 'solution.swift',
  async availability(sandbox) {
    const found = await programsAvailable(sandbox, ['swiftc']);
    return found.available
      ? found
      : { available: false, reason: 'no Swift toolchain is installed on this machine' };
  },
  starter(signature) {
    const { params, returns } = typesOf(signature);
    const args = signature.params.map((p, i) => `_ ${p.name}: ${swiftType(params[i])}`).join(', ');
    const value = placeholder(returns, {
      int: '-1',
      float: '-1.0',
      bool: 'false',
      string: '""',
      array: '[]',
      map: '[:]',
      node: 'nil',
    });
    return (
      `class Program {\n  func ${signature.name}(${args}) -> ${swiftType(returns)} {\n` +
      `    // Write your code here.\n    return ${value}\n  }\n}\n`
    );
  },
  versionCommands: () => [['swiftc', '--version']],
  plan(signature, source) {
    const { params, returns } = typesOf(signature);
    return {
      files: [
        { path: 'solution.swift', content: source },
        { path: 'main.swift', content: harness(signature.name, params, returns, nodesUsed(signature)) },
      ],
      compile: {
        argv: ['swiftc', '-O', '-o', 'program', 'main.swift', 'solution.swift'],
        outputs: ['program'],
      },
      run: { argv: ['./program'] },
    };
  },
};
