/*
 * The Solidity judge end to end: real solc and a real EVM, inside the bubblewrap sandbox (in CI a missing
 * sandbox fails; elsewhere the suite skips with a message). Right and wrong answers, compile errors with
 * their line and column, and hostile contracts that must end quickly with a clear status.
 */
import { toTestResult } from '@app/contracts';
import type { SolidityTest } from '@app/contracts';
import { bubblewrapForTests } from '../sandbox/test-support';
import type { BoxResult, BubblewrapSandbox } from '../sandbox';
import { judgeRun, judgeSolidity, sameValue } from './judge-solidity';
import { solidityBinds } from './packages';

let sandbox: BubblewrapSandbox | undefined;

beforeAll(async () => {
  sandbox = await bubblewrapForTests({ extraBinds: solidityBinds(), slots: 2 });
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
});

const header = '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n';

const counter = `${header}
contract Counter {
    error NotOwner(address caller);
    event Reset(address indexed by, uint256 previous);

    address public immutable owner;
    uint256 public count;

    constructor(uint256 start) {
        owner = msg.sender;
        count = start;
    }

    function increment() external returns (uint256) {
        count += 1;
        return count;
    }

    function reset() external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        emit Reset(msg.sender, count);
        count = 0;
    }
}
`;

const counterTests: SolidityTest[] = [
  {
    name: 'counts from the start value',
    deploy: { args: ['5'] },
    steps: [
      { call: 'increment', from: 'alice', expect: { returns: ['6'] } },
      { call: 'count', expect: { returns: [6] } },
      { call: 'owner', expect: { returns: ['@deployer'] } },
    ],
  },
  {
    name: 'only the owner resets',
    deploy: { args: ['2'] },
    steps: [
      { call: 'reset', from: 'bob', expect: { revert: { error: 'NotOwner', args: ['@bob'] } } },
      { call: 'reset', expect: { events: [{ name: 'Reset', args: ['@deployer', '2'] }] } },
      { call: 'count', expect: { returns: ['0'] } },
    ],
  },
  {
    name: 'hidden: many increments',
    hidden: true,
    deploy: { args: ['0'] },
    steps: [
      { call: 'increment' },
      { call: 'increment' },
      { call: 'increment', from: 'carol', expect: { returns: ['3'] } },
    ],
  },
];

const run = (source: string, tests: SolidityTest[] = counterTests, contractName = 'Counter') =>
  judgeSolidity({ sandbox: sandbox!, source, question: { contractName, tests } });

describe('judgeSolidity', () => {
  it('passes a correct contract', async () => {
    if (!sandbox) return;
    const started = Date.now();
    const result = await run(counter);
    console.log(
      `[solidity judge] Counter, 3 tests: ${Date.now() - started} ms (compile ${result.compileMs} ms in the box)`,
    );
    expect(result.compileError).toBeUndefined();
    expect(result.results.map((r) => [r.passed, r.reason, r.error])).toEqual([
      [true, undefined, null],
      [true, undefined, null],
      [true, undefined, null],
    ]);
    expect(result.results[2].hidden).toBe(true);
  }, 60_000);

  it('fails a wrong contract with the step and what differed', async () => {
    if (!sandbox) return;
    const wrong = counter
      .replace('if (msg.sender != owner) revert NotOwner(msg.sender);', '')
      .replace('count += 1;', 'count += 2;');
    const result = await run(wrong);
    expect(result.compileError).toBeUndefined();
    expect(result.results.map((r) => r.passed)).toEqual([false, false, false]);
    expect(result.results[0].reason).toBe('step 1: alice → increment(): returned ["7"], expected ["6"]');
    expect(result.results[1].reason).toBe('step 1: bob → reset(): expected a revert, but the call succeeded');
  }, 60_000);

  it('reports compile errors with their line and column', async () => {
    if (!sandbox) return;
    const result = await run(counter.replace('count = start;', 'count = start'));
    expect(result.results).toEqual([]);
    expect(result.compileError).toMatch(/ParserError: Expected ';' but got/);
    expect(result.compileError).toMatch(/--> Solution\.sol:14:5:/);
  }, 60_000);

  it('asks for the contract the question names', async () => {
    if (!sandbox) return;
    const result = await run(counter.replace('contract Counter', 'contract Tally'));
    expect(result.compileError).toBe('Solution.sol must define the contract Counter.');
  }, 60_000);

  it('refuses a huge source before the sandbox', async () => {
    if (!sandbox) return;
    const result = await run(counter + '// padding\n'.repeat(20_000));
    expect(result.compileError).toMatch(/^The source is too long/);
  });

  it('turns a source that nests too deeply for the parser into a compile error', async () => {
    if (!sandbox) return;
    const nested = '('.repeat(5000) + '1' + ')'.repeat(5000);
    const source = `${header}contract Counter { function f() external pure returns (uint256) { return ${nested}; } }`;
    const result = await run(source);
    expect(result.compileError).toMatch(/^ParserError: Maximum recursion depth reached during parsing\./);
  }, 60_000);

  it('ends an endless loop in the constructor as out of gas', async () => {
    if (!sandbox) return;
    const looping = `${header}contract Counter { uint256 public count; constructor(uint256) { while (true) { count++; } } }`;
    const started = Date.now();
    const result = await run(looping, [{ name: 'deploys', deploy: { args: ['1'] }, steps: [] }]);
    const elapsed = Date.now() - started;
    console.log(`[solidity judge] endless constructor: ${elapsed} ms`);
    expect(result.results[0].passed).toBe(false);
    expect(result.results[0].error).toEqual({
      type: 'OUT_OF_GAS',
      reason: 'the deployment: out of gas (gas limit 10000000)',
    });
    expect(elapsed).toBeLessThan(25_000);
  }, 60_000);

  it('ends a call that burns all its gas, and deep recursion, as clear failures', async () => {
    if (!sandbox) return;
    const hostile = `${header}
contract Counter {
    uint256 public count;
    function burn() external { while (true) { count++; } }
    function down(uint256 n) public returns (uint256) { return down(n + 1); }
    function deep(uint256 n) external returns (uint256) { return this.deep(n + 1); }
}`;
    const result = await run(hostile, [
      { name: 'burns', steps: [{ call: 'burn', gas: 1_000_000 }] },
      { name: 'recurses', steps: [{ call: 'down', args: [0] }] },
      { name: 'calls itself', steps: [{ call: 'deep', args: [0], gas: 1_000_000 }] },
      { name: 'still runs after them', steps: [{ call: 'count', expect: { returns: ['0'] } }] },
    ]);
    expect(result.results.map((r) => [r.passed, r.error?.type])).toEqual([
      [false, 'OUT_OF_GAS'],
      [false, 'EVM_ERROR'],
      [false, undefined],
      [true, undefined],
    ]);
    // The innermost call runs out of gas; each caller's Solidity re-raises it as a revert without data.
    expect(result.results[2].reason).toBe('step 1: deployer → deep(0): the call reverted without a reason');
    expect(result.results[0].error?.reason).toBe('step 1: deployer → burn(): out of gas (gas limit 1000000)');
    expect(result.results[1].error?.reason).toBe('step 1: deployer → down(0): stack overflow');
  }, 60_000);

  it('keeps a flood of events and a huge return value from filling the results', async () => {
    if (!sandbox) return;
    const flooding = `${header}
contract Counter {
    event Tick(uint256 i);
    function flood() external { for (uint256 i = 0; i < 1500; i++) emit Tick(i); }
    function big() external pure returns (uint256[] memory out) { out = new uint256[](15000); }
}`;
    const steps = [
      { call: 'flood', expect: { events: [{ name: 'Tick', args: ['0'] }] } },
      { call: 'flood' },
      { call: 'flood' },
    ];
    const result = await run(flooding, [
      { name: 'floods', steps },
      { name: 'returns a lot', steps: [{ call: 'big', gas: 10_000_000, expect: { returns: [[]] } }] },
      { name: 'after them', steps: [{ call: 'flood' }] },
    ]);
    expect(result.results[0].reason).toBe('step 1: deployer → flood(): emitted 1500 events, expected 1');
    expect(result.results[1].reason).toMatch(
      /^step 1: deployer → big\(\): the return data could not be decoded \(the returned value is too large to compare \(\d+ characters of JSON\)\)$/,
    );
    expect(result.results[2].passed).toBe(true);
  }, 60_000);

  it('stops a run past its time limit with a clear status', async () => {
    if (!sandbox) return;
    const hostile = `${header}contract Counter { uint256 public count; function burn() external { while (true) { count++; } } }`;
    const steps = Array.from({ length: 40 }, () => ({ call: 'burn', gas: 30_000_000 }));
    const started = Date.now();
    const result = await judgeSolidity({
      sandbox: sandbox!,
      source: hostile,
      question: {
        contractName: 'Counter',
        tests: [
          { name: 'burns forever', steps },
          { name: 'after', steps: [] },
        ],
      },
      limits: { timeLimitMs: 5_000 },
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.timedOut).toBe(true);
    expect(result.results[0].error?.type).toBe('TIMEOUT');
    expect(result.results[0].error?.reason).toMatch(
      /^The code timed out during step \d+: deployer → burn\(\)\.$/,
    );
    expect(result.results[1].error?.type).toBe('NOT_RUN');
  }, 60_000);
});

describe('judgeRun (the comparison outside the box)', () => {
  const ran = (lines: object[], extra: Partial<BoxResult> = {}): BoxResult => ({
    exitCode: 0,
    signal: null,
    stdout: '',
    stderr: '',
    result: lines.map((line) => JSON.stringify(line)).join('\n'),
    timedOut: false,
    outOfMemory: false,
    processLimitHit: false,
    outputTruncated: false,
    durationMs: 5,
    ...extra,
  });
  const tests: SolidityTest[] = [
    { name: 'visible', steps: [{ call: 'count', expect: { returns: ['1'] } }] },
    { name: 'secret', hidden: true, steps: [{ call: 'count', expect: { returns: ['2'] } }] },
  ];

  it('shows what differed on visible tests and nothing of hidden ones', () => {
    const result = judgeRun(
      tests,
      ran([
        { compiled: { ms: 3, warnings: '' } },
        { start: 0 },
        { test: 0, step: -1, obs: { deployed: 'contract', events: [] } },
        { test: 0, step: 0, obs: { returns: ['7'], events: [] } },
        { done: 0 },
        { start: 1 },
        { test: 1, step: -1, obs: { deployed: 'contract', events: [] } },
        { test: 1, step: 0, obs: { revert: { reason: 'secret 2' }, events: [] } },
        { done: 1 },
      ]),
    );
    const shown = result.results.map((r) =>
      toTestResult({ ...r, actual: r.actual, matches: r.passed, hidden: r.hidden }),
    );
    expect(shown[0]).toMatchObject({
      Expected: JSON.stringify({ step: 'step 1: deployer → count()', returns: ['1'] }),
      Actual: JSON.stringify({ returns: ['7'] }),
      Matches: false,
    });
    expect(shown[1]).toEqual({
      Expected: '',
      Actual: '',
      Matches: false,
      Error: null,
      outputToDisplay: '',
      hideOutput: true,
    });
    expect(result.compileMs).toBe(3);
  });

  it('reports a runner that died before compiling as a compile failure', () => {
    const result = judgeRun(tests, ran([], { exitCode: null, signal: 'SIGKILL', outOfMemory: true }));
    expect(result.compileError).toBe('The compiler ran out of memory.');
    expect(result.outOfResources).toBe(true);
  });

  it('compares numbers, decimal strings and hex without regard to their spelling', () => {
    expect(sameValue([1, '0xABCD'], ['1', '0xabcd'])).toBe(true);
    expect(sameValue(['1'], ['01'])).toBe(false);
    expect(sameValue([true], [true])).toBe(true);
  });
});
