/*
 * For the browser judge's tests: the bubblewrap sandbox and Chromium when both work here. In CI (CI=true)
 * a missing one fails the tests; elsewhere they skip with a message (as the sandbox tests do).
 */
import type { BubblewrapSandbox } from '../sandbox';
import { bubblewrapForTests } from '../sandbox/test-support';
import { BrowserJudge, type BrowserJudgeOptions, chromiumAvailable } from './browser-judge';

export async function browserJudgeForTests(
  options?: BrowserJudgeOptions,
): Promise<{ sandbox: BubblewrapSandbox; judge: BrowserJudge } | undefined> {
  if (!chromiumAvailable(options?.chromiumPath)) {
    const why = 'Chromium is not installed (/usr/lib/chromium/chromium; Debian package chromium)';
    if (process.env.CI === 'true') throw new Error(`${why}. CI must run the browser judge tests.`);
    console.warn(`[browser judge tests] skipping: ${why}`);
    return undefined;
  }
  const sandbox = await bubblewrapForTests();
  if (!sandbox) return undefined;
  return { sandbox, judge: new BrowserJudge(sandbox, options) };
}
