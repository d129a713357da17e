import {
  executionStatusOf,
  executionStatusOfRunError,
  outcomeTitleOf,
  submissionStatusOf,
  toTestResult,
  truncateForDisplay,
} from './status';
import { judgedQuestionSchema } from './question';
import { executionStatuses } from '../constants';

const result = (Matches: boolean) => ({
  Expected: '1',
  Actual: Matches ? '1' : '2',
  Matches,
  Error: null,
  outputToDisplay: '',
  hideOutput: false,
});

describe('executionStatusOf', () => {
  it('checks out of resources first, then the compile error, then pass or fail', () => {
    const all = [result(true), result(true)];
    expect(executionStatusOf({ OutOfResources: true, HasError: true, TestResults: all }, 'jsonTests')).toBe(
      'outOfResources',
    );
    expect(executionStatusOf({ OutOfResources: false, HasError: true, TestResults: all }, 'jsonTests')).toBe(
      'compilationError',
    );
    expect(executionStatusOf({ OutOfResources: false, HasError: false, TestResults: all }, 'jsonTests')).toBe(
      'jsonTestsPassed',
    );
    expect(
      executionStatusOf({ OutOfResources: false, HasError: false, TestResults: all }, 'submission'),
    ).toBe('submissionPassed');
  });

  it('passes a sandbox run only if every test passed', () => {
    const run = (TestResults: ReturnType<typeof result>[]) =>
      executionStatusOf({ OutOfResources: false, HasError: false, TestResults }, 'sandbox');
    expect(run([result(true), result(true)])).toBe('sandboxPassed');
    expect(run([result(true), result(false)])).toBe('sandboxFailed');
    expect(run([])).toBe('sandboxFailed');
  });

  it('names single tests as quick tests', () => {
    expect(
      executionStatusOf(
        { OutOfResources: false, HasError: false, TestResults: [result(false)] },
        'singleTest',
      ),
    ).toBe('singleTestFailed');
  });
});

describe('run errors and titles', () => {
  it.each([
    ['RCE_TIMEOUT', 'timedOut'],
    ['RCE_OUT_OF_RESOURCES', 'outOfResources'],
    ['RCE_RATE_LIMITED', 'rateLimited'],
    ['RCE_INPUTS_INVALID', 'inputsInvalid'],
    ['RCE_OUTPUT_TOO_LARGE', 'outputTooBig'],
    ['PROBLEMS_VERSION_MISMATCH', 'versionMismatch'],
    ['SOMETHING_ELSE', 'unknownError'],
    ['toString', 'unknownError'],
  ])('%s gives %s', (code, status) => {
    expect(executionStatusOfRunError(code)).toBe(status);
  });

  it.each([
    ['outOfResources', 'Your Code Timed Out Or Ran Out Of Memory'],
    ['timedOut', 'Your Code Timed Out'],
    ['rateLimited', "You're Running Code Too Often"],
    ['compilationError', 'Compilation Error'],
    ['inputsInvalid', 'Invalid Input'],
    ['outputTooBig', 'Output Too Large To Display'],
    ['jsonTestsPassed', 'All Tests Passed'],
    ['sandboxPassed', 'All Tests Passed'],
    ['submissionFailed', 'Some Tests Failed'],
    ['singleTestPassed', 'Quick Test Passed'],
    ['singleTestFailed', 'Quick Test Failed'],
    ['versionMismatch', undefined],
    ['unknownError', undefined],
  ] as const)('%s is titled %j', (status, title) => {
    expect(outcomeTitleOf(status)).toBe(title);
  });

  it('gives every status but two a title', () => {
    expect(executionStatuses.filter((s) => outcomeTitleOf(s) === undefined)).toEqual([
      'versionMismatch',
      'unknownError',
    ]);
  });

  it('grades submissions by how many tests passed', () => {
    expect(submissionStatusOf(0, 10)).toBe('INCORRECT');
    expect(submissionStatusOf(3, 10)).toBe('PARTIALLY_CORRECT');
    expect(submissionStatusOf(10, 10)).toBe('CORRECT');
    expect(submissionStatusOf(0, 0)).toBe('INCORRECT');
  });
});

describe('display', () => {
  it('truncates text above 1000 characters with an ellipsis', () => {
    expect(truncateForDisplay('a'.repeat(1000))).toBe('a'.repeat(1000));
    expect(truncateForDisplay('a'.repeat(1001))).toBe(`${'a'.repeat(1000)}…`);
    expect(truncateForDisplay(`${'a'.repeat(998)}😀`)).toBe(`${'a'.repeat(998)}😀`);
    expect(truncateForDisplay(`${'a'.repeat(999)}😀b`)).toBe(`${'a'.repeat(999)}…`);
  });

  it('builds the test result, hiding hidden tests', () => {
    const judged = {
      expected: [1, 2],
      actual: 'x'.repeat(2000),
      matches: false,
      error: null,
      stdout: 'hi\n',
    };
    const shown = toTestResult({ ...judged, hidden: false });
    expect(shown.Expected).toBe('[1,2]');
    expect(shown.Actual).toHaveLength(1001);
    expect(shown.outputToDisplay).toBe('hi\n');
    expect(toTestResult({ ...judged, hidden: true })).toEqual({
      Expected: '',
      Actual: '',
      Matches: false,
      Error: null,
      outputToDisplay: '',
      hideOutput: true,
    });
  });

  it("gives a hidden test's error without the program's words (its input could be in them)", () => {
    const judged = { expected: 1, actual: undefined, matches: false, stdout: 'secret', hidden: true };
    const thrown = { type: 'secret input 42', reason: 'secret input 42' };
    expect(toTestResult({ ...judged, error: thrown }).Error).toEqual({
      type: 'RUNTIME',
      reason: 'The code failed with an error on this hidden test.',
    });
    const timedOut = { type: 'TIMEOUT', reason: 'The code timed out: secret input 42' };
    expect(toTestResult({ ...judged, error: timedOut }).Error).toEqual({
      type: 'TIMEOUT',
      reason: 'The code timed out on this hidden test.',
    });
    expect(toTestResult({ ...judged, hidden: false, error: thrown }).Error).toEqual(thrown);
  });
});

describe('judgedQuestionSchema', () => {
  const signature = { name: 'sum', params: [{ name: 'values', type: 'float[]' }], returns: 'float' };
  it('checks tests and compare options against the signature', () => {
    expect(
      judgedQuestionSchema.safeParse({ signature, tests: [{ input: { values: [1] }, output: 1 }] }).success,
    ).toBe(true);
    const bad = judgedQuestionSchema.safeParse({
      signature,
      compare: { unordered: true },
      tests: [{ input: { values: ['1'] }, output: 'x' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual([
      'compare',
      'tests.0.input',
      'tests.0.output',
    ]);
  });
});
