/*
 * runTests against a scripted sandbox: what enters the box, how result lines, markers and crashes turn
 * into per-test outcomes. No process runs here; languages.test.ts runs the real toolchains.
 */
import { functionSignatureSchema } from '@app/contracts';
import type { BoxCommand, BoxFile, BoxResult, Sandbox } from '../sandbox';
import { languageModules } from './registry';
import { LanguageUnavailableError, runTests, splitStdout, TestInputError } from './run-tests';

const signature = functionSignatureSchema.parse({
  name: 'pairWithSum',
  params: [
    { name: 'numbers', type: 'int[]' },
    { name: 'target', type: 'int' },
  ],
  returns: 'int[]',
});
const tests = [
  { input: { numbers: [1, 2], target: 3 }, output: [1, 2] },
  { input: { target: 7, numbers: [3, 4] }, output: [3, 4], hidden: true },
  { input: { numbers: [5, 6], target: 11 }, output: [5, 6] },
];

type Script = (files: BoxFile[], command: BoxCommand) => Partial<BoxResult>;

function scriptedSandbox(script: Script, programs = ['python3']) {
  const opened: BoxFile[][] = [];
  const commands: BoxCommand[] = [];
  const sandbox: Sandbox = {
    kind: 'process',
    async open(files) {
      opened.push(files);
      return {
        workDir: '/box',
        run: async (command) => {
          commands.push(command);
          return {
            exitCode: 0,
            signal: null,
            stdout: '',
            stderr: '',
            result: '',
            timedOut: false,
            outOfMemory: false,
            processLimitHit: false,
            outputTruncated: false,
            durationMs: 5,
            ...script(files, command),
          };
        },
        dispose: async () => undefined,
      };
    },
    hasProgram: async (name) => programs.includes(name),
  };
  return { sandbox, opened, commands };
}

const nonceOf = (files: BoxFile[]) =>
  (JSON.parse(String(files.find((f) => f.path === 'inputs.json')!.content)) as { nonce: string }).nonce;
const mark = (nonce: string, i: number, edge: 'start' | 'end') => `\x1e${nonce}:${i}:${edge}\x1e`;
const lines = (...items: object[]) => items.map((item) => JSON.stringify(item)).join('\n') + '\n';

describe('runTests protocol', () => {
  it('gives the box the inputs in parameter order and never the expected outputs', async () => {
    const { sandbox, opened, commands } = scriptedSandbox(() => ({}));
    await runTests({ sandbox, language: 'python', question: { signature }, source: 'x = 1\n', tests });
    const files = opened[0];
    expect(files.map((f) => f.path).sort()).toEqual(['harness.py', 'inputs.json', 'solution.py']);
    expect(files.find((f) => f.path === 'solution.py')!.content).toBe('x = 1\n');
    const inputs = JSON.parse(String(files.find((f) => f.path === 'inputs.json')!.content));
    expect(inputs.tests).toEqual([
      [[1, 2], 3],
      [[3, 4], 7],
      [[5, 6], 11],
    ]);
    expect(JSON.stringify(files)).not.toContain('"output"');
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({ argv: ['python3', '-B', 'harness.py'], resultFile: 'results.jsonl' });
  });

  it('compares outputs outside, splits prints per test and lets the harness line win', async () => {
    const { sandbox } = scriptedSandbox((files) => {
      const nonce = nonceOf(files);
      return {
        stdout: `boot\n${mark(nonce, 0, 'start')}zero\n${mark(nonce, 0, 'end')}${mark(nonce, 1, 'start')}one${mark(nonce, 1, 'end')}${mark(nonce, 2, 'start')}${mark(nonce, 2, 'end')}bye`,
        result: lines(
          { start: 0 },
          { test: 0, value: [2, 1] },
          { start: 1 },
          { test: 1, value: [3, 4] },
          { test: 1, value: [4] },
          { start: 2 },
          { test: 2, error: { type: 'RUNTIME', reason: 'boom' }, trace: 'solution.py, line 3' },
        ),
      };
    });
    const run = await runTests({ sandbox, language: 'python', question: { signature }, source: '', tests });
    expect(run.compileError).toBeUndefined();
    expect(run.rawOutput).toBe('boot\nbye');
    expect(run.results).toEqual([
      {
        passed: false,
        expected: [1, 2],
        actual: [2, 1],
        error: null,
        reason: 'expected 1 at [0], got 2',
        stdout: 'zero\n',
        hidden: false,
      },
      {
        passed: false,
        expected: [3, 4],
        actual: [4],
        error: null,
        reason: 'expected 2 items, got 1',
        stdout: 'one',
        hidden: true,
      },
      {
        passed: false,
        expected: [5, 6],
        error: { type: 'RUNTIME', reason: 'boom' },
        trace: 'solution.py, line 3',
        stdout: '',
        hidden: false,
      },
    ]);
    const unordered = await runTests({
      sandbox,
      language: 'python',
      question: { signature, compare: { unordered: true } },
      source: '',
      tests,
    });
    expect(unordered.results[0].passed).toBe(true);
  });

  it('attributes a crash to the test that was running and marks the rest not run', async () => {
    const { sandbox } = scriptedSandbox((files) => {
      const nonce = nonceOf(files);
      return {
        exitCode: null,
        signal: 'SIGSEGV',
        stdout: `${mark(nonce, 0, 'start')}${mark(nonce, 0, 'end')}${mark(nonce, 1, 'start')}about to crash`,
        stderr: 'Segmentation fault\n',
        result: lines({ start: 0 }, { test: 0, value: [1, 2] }, { start: 1 }),
      };
    });
    const run = await runTests({ sandbox, language: 'python', question: { signature }, source: '', tests });
    expect(run.results.map((r) => [r.passed, r.error?.type])).toEqual([
      [true, undefined],
      [false, 'RUNTIME'],
      [false, 'NOT_RUN'],
    ]);
    expect(run.results[1].error?.reason).toBe('The program crashed (signal SIGSEGV): Segmentation fault');
    expect(run.results[1].stdout).toBe('about to crash');
    expect(run.results[2].error?.reason).toBe('Not run: the program stopped during test 2.');
  });

  it('reports a timeout on the running test', async () => {
    const { sandbox } = scriptedSandbox(() => ({
      exitCode: null,
      signal: 'SIGKILL',
      timedOut: true,
      result: lines({ start: 0 }),
    }));
    const run = await runTests({ sandbox, language: 'python', question: { signature }, source: '', tests });
    expect(run.timedOut).toBe(true);
    expect(run.results[0].error).toEqual({ type: 'TIMEOUT', reason: 'The code timed out.' });
  });

  it('returns the compile error of an interpreted language, with box paths removed', async () => {
    const { sandbox } = scriptedSandbox(() => ({
      result: lines({
        compileError:
          '  File "/box/solution.py", line 2\n    def (\n        ^\nSyntaxError: invalid syntax\n',
      }),
    }));
    const run = await runTests({ sandbox, language: 'python', question: { signature }, source: '', tests });
    expect(run.compileError).toBe(
      'File "solution.py", line 2\n    def (\n        ^\nSyntaxError: invalid syntax',
    );
    expect(run.results).toEqual([]);
  });

  it('stops after a failed compile step and cleans the message', async () => {
    const { sandbox, commands } = scriptedSandbox(
      (_files, command) =>
        command.argv[0] === 'go'
          ? { exitCode: 1, stderr: '# command-line-arguments\n./solution.go:4:2: undefined: x\n' }
          : {},
      ['go'],
    );
    // No prepared standard library: `go build`, whose messages carry a header and `./` to clean.
    const run = await runTests({
      sandbox,
      language: 'go',
      question: { signature },
      source: '',
      tests,
      toolchains: {},
      buildCache: false,
    });
    expect(run.compileError).toBe('solution.go:4:2: undefined: x');
    expect(commands).toHaveLength(1);
  });

  it('refuses inputs that do not fit the signature before opening a box', async () => {
    const { sandbox, opened } = scriptedSandbox(() => ({}));
    const bad = [...tests, { input: { numbers: [1, 'x'], target: 3 }, output: [] }];
    await expect(
      runTests({ sandbox, language: 'python', question: { signature }, source: '', tests: bad }),
    ).rejects.toThrow(new TestInputError(3, 'expected int at numbers[1], got string'));
    expect(opened).toEqual([]);
  });

  it('answers language unavailable when the toolchain is missing', async () => {
    const { sandbox } = scriptedSandbox(() => ({}), []);
    await expect(
      runTests({ sandbox, language: 'swift', question: { signature }, source: '', tests }),
    ).rejects.toThrow(
      new LanguageUnavailableError('swift', 'no Swift toolchain is installed on this machine'),
    );
    await expect(
      runTests({ sandbox, language: 'python', question: { signature }, source: '', tests }),
    ).rejects.toThrow('Language unavailable: python (python3 is not installed).');
  });
});

describe('splitStdout', () => {
  it('keeps text outside markers apart and ignores markers of another nonce', () => {
    const stdout = `a${mark('n1', 0, 'start')}b${mark('other', 1, 'start')}c${mark('n1', 0, 'end')}d`;
    expect(splitStdout(stdout, 'n1', 1)).toEqual({
      perTest: [`b${mark('other', 1, 'start')}c`],
      outside: 'ad',
    });
  });
});

describe('starters', () => {
  it('follow each language convention', () => {
    const starters = Object.fromEntries(
      Object.entries(languageModules).map(([language, module]) => [language, module.starter(signature)]),
    );
    expect(starters.python).toBe(
      'def pairWithSum(numbers, target):\n    # Write your code here.\n    return []\n',
    );
    expect(starters.javascript).toContain('function pairWithSum(numbers, target) {');
    expect(starters.javascript).toContain('exports.pairWithSum = pairWithSum;');
    expect(starters.typescript).toContain(
      'export function pairWithSum(numbers: number[], target: number): number[] {',
    );
    expect(starters.java).toContain('public int[] pairWithSum(int[] numbers, int target) {');
    expect(starters.java).toContain('return new int[0];');
    expect(starters.kotlin).toContain('fun pairWithSum(numbers: List<Int>, target: Int): List<Int> {');
    expect(starters.csharp).toContain('public int[] PairWithSum(int[] numbers, int target) {');
    expect(starters.go).toContain('func PairWithSum(numbers []int, target int) []int {');
    expect(starters.cpp).toContain('vector<int> pairWithSum(vector<int> numbers, int target) {');
    expect(starters.swift).toContain('func pairWithSum(_ numbers: [Int], _ target: Int) -> [Int] {');
  });

  it('spell nested, map and node types', () => {
    const nested = functionSignatureSchema.parse({
      name: 'walk',
      params: [
        { name: 'head', type: 'ListNode' },
        { name: 'weights', type: 'map<string,float[]>' },
      ],
      returns: 'TreeNode[]',
    });
    expect(languageModules.typescript.starter(nested)).toContain(
      'walk(head: ListNode | null, weights: Record<string, number[]>): (TreeNode | null)[]',
    );
    expect(languageModules.java.starter(nested)).toContain(
      'TreeNode[] walk(ListNode head, Map<String, double[]> weights)',
    );
    expect(languageModules.kotlin.starter(nested)).toContain(
      'fun walk(head: ListNode?, weights: Map<String, List<Double>>): List<TreeNode?>',
    );
    expect(languageModules.csharp.starter(nested)).toContain(
      'TreeNode[] Walk(ListNode head, Dictionary<string, double[]> weights)',
    );
    expect(languageModules.go.starter(nested)).toContain(
      'func Walk(head *ListNode, weights map[string][]float64) []*TreeNode',
    );
    expect(languageModules.cpp.starter(nested)).toContain(
      'vector<TreeNode*> walk(ListNode* head, unordered_map<string, vector<double>> weights)',
    );
  });
});
