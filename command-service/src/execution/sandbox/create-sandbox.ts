/*
 * Chooses the sandbox: bubblewrap when it works on this machine, otherwise (development only) the
 * process sandbox with a loud warning. In production a missing bubblewrap is fatal: the service must
 * refuse to start rather than run learners' code unisolated.
 */
import { BubblewrapSandbox, type BubblewrapSandboxOptions } from './bubblewrap-sandbox';
import { ProcessSandbox, type SandboxLogger } from './process-sandbox';
import type { Sandbox } from './sandbox';

export type CreateSandboxOptions = {
  production: boolean;
  logger?: SandboxLogger;
  /** Slots, uid base, extra read-only binds and the like (bubblewrap-sandbox.ts). */
  bubblewrap?: BubblewrapSandboxOptions;
};

export async function createSandbox(options: CreateSandboxOptions): Promise<Sandbox> {
  const bubblewrap = await BubblewrapSandbox.create(options.bubblewrap);
  if (typeof bubblewrap !== 'string') return bubblewrap;
  if (options.production) {
    throw new Error(
      `The bubblewrap sandbox is required in production and cannot run here: ${bubblewrap}. ` +
        'Run node infra/dist/ensure-sandbox.js as root; refusing to run learner code without it.',
    );
  }
  const message = `bubblewrap sandbox unavailable (${bubblewrap}); falling back to the process sandbox`;
  if (options.logger) options.logger.warn(message);
  else console.warn(message);
  return new ProcessSandbox({ logger: options.logger });
}
