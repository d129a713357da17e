import type { RunTestsResult } from './run-tests';

/** Runs jobs two at a time (the machine has two cores), answering their results in order. */
export async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** What went wrong in a run, one line per failing test ('' when every test passed). */
export const failures = (run: RunTestsResult): string =>
  run.compileError ??
  run.results
    .map((r, i) =>
      r.passed ? '' : `test ${i}: ${JSON.stringify(r.error ?? r.reason)} actual ${JSON.stringify(r.actual)}`,
    )
    .filter(Boolean)
    .join('\n');
