/*
 * numpy in the boxed Python (infra's ensure-toolchains installs it into the toolchains' python-packages):
 * a learner's program imports it and returns numpy values, which the harness writes as plain JSON; the
 * same box still reaches nothing over the network. Needs the bubblewrap sandbox and the installed
 * packages: both are required in CI (CI=true); elsewhere the test skips with a message.
 */
import { functionSignatureSchema } from '@app/contracts';
import type { Sandbox } from '../sandbox';
import { bubblewrapForTests } from '../sandbox/test-support';
import { runTests } from './run-tests';
import { detectToolchains, toolchainBinds } from './toolchains';

const toolchains = detectToolchains();
let sandbox: Sandbox | undefined;

beforeAll(async () => {
  if (!toolchains.pythonPackages) {
    const reason = 'numpy is not installed (run node infra/dist/ensure-toolchains.js)';
    if (process.env.CI === 'true') throw new Error(reason);
    console.warn(`[python numpy test] skipping: ${reason}`);
    return;
  }
  sandbox = await bubblewrapForTests({ extraBinds: toolchainBinds(toolchains) });
}, 60_000);
afterAll(() => sandbox?.close?.());

const judge = (
  source: string,
  signature: unknown,
  tests: { input: Record<string, unknown>; output: unknown }[],
) =>
  runTests({
    sandbox: sandbox!,
    language: 'python',
    question: { signature: functionSignatureSchema.parse(signature) },
    source,
    tests,
    toolchains,
    buildCache: false,
  });

describe('python in a box', () => {
  it('imports numpy and returns its arrays and scalars as plain values', async () => {
    if (!sandbox) return;
    const result = await judge(
      `import numpy as np

def rowMeans(matrix):
    rows = np.asarray(matrix, dtype=float)
    print(np.__version__)
    return rows.mean(axis=1)
`,
      { name: 'rowMeans', params: [{ name: 'matrix', type: 'float[][]' }], returns: 'float[]' },
      [
        {
          input: {
            matrix: [
              [1, 2],
              [3, 5],
            ],
          },
          output: [1.5, 4],
        },
        { input: { matrix: [[0.1, 0.2, 0.3]] }, output: [0.2] },
        { input: { matrix: [[1, 1]] }, output: [2] },
      ],
    );
    expect(result.compileError).toBeUndefined();
    expect(result.results.map((r) => r.passed)).toEqual([true, true, false]);
    expect(result.results[2].actual).toEqual([1]);
    expect(result.results[0].stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('still has no network: a connection out and a DNS lookup both fail', async () => {
    if (!sandbox) return;
    const result = await judge(
      `import socket
import numpy

def reach(host):
    outcomes = []
    try:
        socket.create_connection((host, 443), timeout=3).close()
        outcomes.append('connected')
    except OSError as error:
        outcomes.append('refused: %s' % type(error).__name__)
    try:
        socket.getaddrinfo('pypi.org', 443)
        outcomes.append('resolved')
    except OSError as error:
        outcomes.append('unresolved: %s' % type(error).__name__)
    return outcomes
`,
      { name: 'reach', params: [{ name: 'host', type: 'string' }], returns: 'string[]' },
      [{ input: { host: '1.1.1.1' }, output: [] }],
    );
    expect(result.compileError).toBeUndefined();
    const outcomes = result.results[0].actual as string[];
    expect(outcomes).toHaveLength(2);
    expect(outcomes[0]).toMatch(/^refused: /);
    expect(outcomes[1]).toMatch(/^unresolved: /);
  });
});
