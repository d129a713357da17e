/*
 * Judging a run that holds hidden tests (a submission) without letting them out. A program can read every
 * input its box holds and print it anywhere: in a visible test's output, on stderr, in an exception. So the
 * visible tests run in one box, whose prints and errors the learner sees, and the hidden tests in another
 * (the build comes from the build cache: nothing is compiled twice), of which only what the judge decides
 * is kept: passed or not, and the kind of error with a fixed reason. Nothing the program printed or threw
 * while a hidden test ran reaches the answer.
 */
import { type RunResponse, hiddenTestError, toTestResult } from '@app/contracts';
import { type RunTestsRequest, type RunTestsResult, type TestOutcome, runTests } from '../languages';

export async function judgeTests(request: RunTestsRequest): Promise<RunTestsResult> {
  const indexed = request.tests.map((test, index) => ({ test, index }));
  const hidden = indexed.filter(({ test }) => test.hidden);
  if (hidden.length === 0) return runTests(request);
  const visible = indexed.filter(({ test }) => !test.hidden);
  const shown = visible.length
    ? await runTests({ ...request, tests: visible.map(({ test }) => test) })
    : undefined;
  if (shown?.compileError !== undefined) return shown;
  const unseen = await runTests({ ...request, tests: hidden.map(({ test }) => test) });
  // A compile sees no input: its message is the same whichever tests the box holds.
  if (unseen.compileError !== undefined) return { ...unseen, rawOutput: '' };
  const results: TestOutcome[] = new Array<TestOutcome>(request.tests.length);
  visible.forEach(({ index }, i) => (results[index] = shown!.results[i]));
  hidden.forEach(({ index }, i) => (results[index] = concealed(unseen.results[i])));
  const first = shown ?? unseen;
  return {
    results,
    rawOutput: shown?.rawOutput ?? '',
    timedOut: unseen.timedOut || (shown?.timedOut ?? false),
    outOfResources: unseen.outOfResources || (shown?.outOfResources ?? false),
    outputTruncated: unseen.outputTruncated || (shown?.outputTruncated ?? false),
    compileMs: first.compileMs,
    runMs: (shown?.runMs ?? 0) + (unseen.runMs ?? 0),
    ...(first.cached ? { cached: true } : {}),
    ...(first.warm ? { warm: true } : {}),
  };
}

/** A hidden test's outcome as the judge decided it, without anything the program wrote. */
function concealed(outcome: TestOutcome): TestOutcome {
  return {
    passed: outcome.passed,
    expected: outcome.expected,
    error: outcome.error && hiddenTestError(outcome.error),
    stdout: '',
    hidden: true,
  };
}

/** The run response of spec 3 for a judged run (a compile error has no test results). */
export function runResponse(result: RunTestsResult): RunResponse {
  return {
    RawOutput: result.compileError ?? result.rawOutput,
    TestResults: result.compileError
      ? []
      : result.results.map((test) =>
          toTestResult({
            expected: test.expected,
            actual: test.actual,
            matches: test.passed,
            error: test.error,
            stdout: test.stdout,
            hidden: test.hidden,
          }),
        ),
    JSONTests: true,
    HasError: result.compileError !== undefined,
    OutOfResources: result.timedOut || result.outOfResources,
    wasAborted: result.timedOut,
  };
}
