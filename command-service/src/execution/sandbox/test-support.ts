/*
 * For the sandbox tests: the bubblewrap sandbox when it works here. In CI (CI=true) a missing bubblewrap
 * fails the tests; elsewhere they skip with a message.
 */
import { BubblewrapSandbox, type BubblewrapSandboxOptions } from './bubblewrap-sandbox';

export async function bubblewrapForTests(
  options?: BubblewrapSandboxOptions,
): Promise<BubblewrapSandbox | undefined> {
  const sandbox = await BubblewrapSandbox.create(options);
  if (typeof sandbox !== 'string') return sandbox;
  if (process.env.CI === 'true') {
    throw new Error(`BubblewrapSandbox cannot run here: ${sandbox}. CI must run the sandbox tests.`);
  }
  console.warn(`[sandbox tests] skipping the BubblewrapSandbox tests: ${sandbox}`);
  return undefined;
}
