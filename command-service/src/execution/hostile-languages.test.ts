import type { CodingLanguage } from '@app/contracts';
import { createSandbox, type Sandbox } from './sandbox';
import { detectToolchains, languageAvailability, runTests, toolchainBinds } from './languages';
import { loadQuestion } from './questions';

/*
 * Hostile learner code in every available language, judged through the real runner: an endless loop
 * and a secret-hunting read of the host's files each get the right answer, and another learner's run
 * going on meanwhile still passes.
 */

const question = loadQuestion('pair-with-sum');
const toolchains = detectToolchains();
let sandbox: Sandbox;
let available: CodingLanguage[] = [];

beforeAll(async () => {
  sandbox = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  available = (await languageAvailability(sandbox, toolchains))
    .filter((l) => l.available)
    .map((l) => l.language);
  if (process.env.CI === 'true' && sandbox.kind !== 'bubblewrap')
    throw new Error('CI needs the bubblewrap sandbox');
}, 60_000);
afterAll(() => sandbox?.close?.());

/** Loops forever inside pairWithSum. */
const endlessLoop: Record<Exclude<CodingLanguage, 'swift'>, string> = {
  javascript: 'function pairWithSum(numbers, target) { for (;;) {} }\nexports.pairWithSum = pairWithSum;\n',
  typescript: 'export function pairWithSum(numbers: number[], target: number): number[] { for (;;) {} }\n',
  python: 'def pairWithSum(numbers, target):\n    while True:\n        pass\n',
  java: 'class Program {\n  public int[] pairWithSum(int[] numbers, int target) {\n    while (true) {}\n  }\n}\n',
  kotlin:
    'class Program {\n    fun pairWithSum(numbers: List<Int>, target: Int): List<Int> {\n        while (true) {}\n    }\n}\n',
  csharp:
    'public class Program {\n  public int[] PairWithSum(int[] numbers, int target) {\n    while (true) {}\n  }\n}\n',
  go: 'package main\n\nfunc PairWithSum(numbers []int, target int) []int {\n\tfor {\n\t}\n}\n',
  cpp: '#include <vector>\nusing namespace std;\n\nvector<int> pairWithSum(vector<int> numbers, int target) {\n  volatile long x = 0;\n  for (;;) x++;\n}\n',
};

/** Prints whatever it can read of the host's secrets, then answers wrongly. */
const readSecrets: Record<Exclude<CodingLanguage, 'swift'>, string> = {
  javascript:
    "const fs = require('fs');\nfunction pairWithSum() {\n  for (const f of ['/etc/shadow', '/root/.bashrc', '/proc/1/environ']) {\n    try { console.log(f, fs.readFileSync(f, 'utf8').slice(0, 40)); } catch (e) { console.log(f, 'denied'); }\n  }\n  return [];\n}\nexports.pairWithSum = pairWithSum;\n",
  typescript:
    "declare const require: (m: string) => { readFileSync(f: string, e: string): string };\nexport function pairWithSum(numbers: number[], target: number): number[] {\n  const fs = require('fs');\n  for (const f of ['/etc/shadow', '/root/.bashrc', '/proc/1/environ']) {\n    try { console.log(f, fs.readFileSync(f, 'utf8').slice(0, 40)); } catch (e) { console.log(f, 'denied'); }\n  }\n  return [];\n}\n",
  python:
    "def pairWithSum(numbers, target):\n    for f in ['/etc/shadow', '/root/.bashrc', '/proc/1/environ']:\n        try:\n            print(f, open(f).read()[:40])\n        except Exception:\n            print(f, 'denied')\n    return []\n",
  java: 'import java.nio.file.*;\n\nclass Program {\n  public int[] pairWithSum(int[] numbers, int target) {\n    for (String f : new String[] {"/etc/shadow", "/root/.bashrc", "/proc/1/environ"}) {\n      try { System.out.println(f + " " + new String(Files.readAllBytes(Paths.get(f)))); } catch (Exception e) { System.out.println(f + " denied"); }\n    }\n    return new int[0];\n  }\n}\n',
  kotlin:
    'import java.io.File\n\nclass Program {\n    fun pairWithSum(numbers: List<Int>, target: Int): List<Int> {\n        for (f in listOf("/etc/shadow", "/root/.bashrc", "/proc/1/environ")) {\n            try { println(f + " " + File(f).readText().take(40)) } catch (e: Exception) { println(f + " denied") }\n        }\n        return listOf()\n    }\n}\n',
  csharp:
    'using System;\nusing System.IO;\n\npublic class Program {\n  public int[] PairWithSum(int[] numbers, int target) {\n    foreach (var f in new[] { "/etc/shadow", "/root/.bashrc", "/proc/1/environ" }) {\n      try { Console.WriteLine(f + " " + File.ReadAllText(f)); } catch (Exception) { Console.WriteLine(f + " denied"); }\n    }\n    return new int[0];\n  }\n}\n',
  go: 'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc PairWithSum(numbers []int, target int) []int {\n\tfor _, f := range []string{"/etc/shadow", "/root/.bashrc", "/proc/1/environ"} {\n\t\tif b, err := os.ReadFile(f); err == nil {\n\t\t\tfmt.Println(f, string(b))\n\t\t} else {\n\t\t\tfmt.Println(f, "denied")\n\t\t}\n\t}\n\treturn []int{}\n}\n',
  cpp: '#include <cstdio>\n#include <fstream>\n#include <sstream>\n#include <string>\n#include <vector>\nusing namespace std;\n\nvector<int> pairWithSum(vector<int> numbers, int target) {\n  for (string f : {"/etc/shadow", "/root/.bashrc", "/proc/1/environ"}) {\n    ifstream in(f);\n    if (in) { stringstream s; s << in.rdbuf(); printf("%s %s\\n", f.c_str(), s.str().c_str()); }\n    else printf("%s denied\\n", f.c_str());\n  }\n  return {};\n}\n',
};

const languages = Object.keys(endlessLoop) as (keyof typeof endlessLoop)[];

describe.each(languages)('%s', (language) => {
  const skip = () => {
    if (available.includes(language)) return false;
    if (process.env.CI === 'true') throw new Error(`${language} is not available in CI`);
    return true;
  };

  it('an endless loop is stopped and answered as out of time, while another run passes', async () => {
    if (skip()) return;
    const [endless, other] = await Promise.all([
      runTests({
        sandbox,
        language,
        question,
        source: endlessLoop[language],
        tests: question.tests.slice(0, 2),
        toolchains,
        runLimits: { timeLimitMs: 2_000 },
      }),
      runTests({
        sandbox,
        language: 'python',
        question,
        source: question.solutions.python!,
        tests: question.tests,
        toolchains,
      }),
    ]);
    expect(endless.compileError).toBeUndefined();
    expect(endless.timedOut).toBe(true);
    expect(endless.results.every((r) => !r.passed)).toBe(true);
    expect(other.results.every((r) => r.passed)).toBe(true);
  }, 60_000);

  it("reads none of the host's secrets", async () => {
    if (skip()) return;
    const result = await runTests({
      sandbox,
      language,
      question,
      source: readSecrets[language],
      tests: question.tests.slice(0, 1),
      toolchains,
    });
    expect(result.compileError).toBeUndefined();
    const printed = result.results[0].stdout;
    expect(printed).toContain('/etc/shadow denied');
    expect(printed).toContain('/root/.bashrc denied');
    // pid 1 inside is the box's own init; nothing of the host's environment shows.
    expect(printed).not.toMatch(/DATABASE_URL|STAFF_TOKEN|PATH=\/root/);
  }, 60_000);
});
