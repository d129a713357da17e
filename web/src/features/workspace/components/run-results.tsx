import {
  type ExecutionStatus,
  type RunResponse,
  type SubmissionStatus,
  type TestResult,
  outcomeTitleOf,
  submissionIndicators,
  truncateForDisplay,
} from '@app/contracts';

/** What the results pane shows: nothing yet, a run in progress, a judged run, or a refused one. */
/** Run Code (visible tests), Submit Code (every test, recorded) or a quick test on one input. */
export type RunAction = 'run' | 'submit' | 'quick';

export type RunOutcome =
  | { kind: 'idle' }
  | { kind: 'running'; action: RunAction }
  | {
      kind: 'judged';
      action: RunAction;
      status: ExecutionStatus;
      response: RunResponse;
      /** The visible tests' inputs, in the order a run judged them (a submission mixes in hidden ones). */
      inputs: readonly unknown[];
      submission?: SubmissionStatus;
    }
  | { kind: 'refused'; action: RunAction; status: ExecutionStatus; message: string };

/** Spec 8: a bare string error from a test is a RUNTIME error with that reason. */
function errorOf(test: TestResult): { type: string; reason: string } | null {
  if (test.Error === null) return null;
  return typeof test.Error === 'string' ? { type: 'RUNTIME', reason: test.Error } : test.Error;
}

function titleFor(status: ExecutionStatus, fallback: string): string {
  return outcomeTitleOf(status) ?? fallback;
}

type RunResultsProps = { outcome: RunOutcome };

/** The results pane: the outcome title, then each test with expected and actual output. */
export function RunResults({ outcome }: RunResultsProps) {
  if (outcome.kind === 'idle') {
    return (
      <p className="run-results__idle">
        Run your code (<kbd>Ctrl</kbd>/<kbd>⌘</kbd> + <kbd>&apos;</kbd>) to check it against the visible
        tests, or submit it (add <kbd>Shift</kbd>) to be judged on every test.
      </p>
    );
  }
  if (outcome.kind === 'running') {
    return (
      <p className="run-results__idle" role="status">
        {outcome.action === 'submit' ? 'Judging your submission…' : 'Running your code…'}
      </p>
    );
  }
  if (outcome.kind === 'refused') {
    const title =
      outcome.status === 'versionMismatch'
        ? 'This Question Was Updated'
        : titleFor(outcome.status, 'Something Went Wrong');
    return (
      <div className="run-results" data-status={outcome.status}>
        <p className="visually-hidden" role="status">
          {title}
        </p>
        <h3 className="run-results__title run-results__title--failed">{title}</h3>
        <p>{outcome.message}</p>
      </div>
    );
  }

  const { response, status } = outcome;
  const passed = status.endsWith('Passed');
  const tests = response.TestResults;
  const passedCount = tests.filter((test) => test.Matches).length;
  const title = titleFor(status, passed ? 'All Tests Passed' : 'Some Tests Failed');
  return (
    <div className="run-results" data-status={status}>
      <p className="visually-hidden" role="status">
        {title}
      </p>
      <h3 className={`run-results__title run-results__title--${passed ? 'passed' : 'failed'}`}>{title}</h3>
      {outcome.submission ? (
        <p className="run-results__summary">
          Submission recorded: <strong>{submissionIndicators[outcome.submission].label}</strong> (
          {passedCount} of {tests.length} tests).
        </p>
      ) : tests.length > 0 ? (
        <p className="run-results__summary">
          {passedCount} of {tests.length} tests passed.
        </p>
      ) : null}
      {response.warmingUp ? (
        <p className="run-results__warming">
          This run came in while the language was still warming up on the server, so it may have taken longer
          than usual; later runs will be faster.
        </p>
      ) : null}
      {status === 'compilationError' || (response.RawOutput && tests.length === 0) ? (
        <pre className="run-results__raw" aria-label="Compiler output">
          {truncateForDisplay(response.RawOutput)}
        </pre>
      ) : null}
      <ol className="run-results__tests">
        {tests.map((test, index) => {
          const error = errorOf(test);
          const input = outcome.action === 'submit' ? undefined : outcome.inputs[index];
          return (
            <li key={index} className={`test-result test-result--${test.Matches ? 'passed' : 'failed'}`}>
              <details open={!test.Matches && index === tests.findIndex((t) => !t.Matches)}>
                <summary>
                  <span aria-hidden="true">{test.Matches ? '✓' : '✗'}</span> Test Case {index + 1}{' '}
                  {test.Matches ? 'passed' : 'failed'}
                  {test.hideOutput ? ' (hidden test)' : ''}
                </summary>
                {test.hideOutput ? (
                  <p className="test-result__hidden">
                    This test is hidden: its input and outputs are not shown.
                  </p>
                ) : (
                  <dl>
                    {input !== undefined ? (
                      <>
                        <dt>Input</dt>
                        <dd>
                          <pre>{truncateForDisplay(JSON.stringify(input))}</pre>
                        </dd>
                      </>
                    ) : null}
                    <dt>Expected Output</dt>
                    <dd>
                      <pre>{truncateForDisplay(test.Expected)}</pre>
                    </dd>
                    <dt>Your Code&apos;s Output</dt>
                    <dd>
                      <pre>{truncateForDisplay(test.Actual) || '(nothing)'}</pre>
                    </dd>
                    {test.outputToDisplay ? (
                      <>
                        <dt>Your Printed Output</dt>
                        <dd>
                          <pre>{truncateForDisplay(test.outputToDisplay)}</pre>
                        </dd>
                      </>
                    ) : null}
                  </dl>
                )}
                {error ? (
                  <p className="test-result__error">
                    <strong>{error.type}</strong>: {truncateForDisplay(error.reason)}
                  </p>
                ) : null}
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
