import { BubblewrapSandbox } from './bubblewrap-sandbox';
import { createSandbox } from './create-sandbox';
import { ProcessSandbox } from './process-sandbox';

// A state directory that cannot be made (under a file) stands for a machine where bubblewrap cannot run.
const broken = { stateDir: '/etc/hostname/rce-sandbox' };

describe('createSandbox', () => {
  it('refuses to run in production without bubblewrap', async () => {
    await expect(createSandbox({ production: true, bubblewrap: broken })).rejects.toThrow(
      /required in production.*refusing to run learner code/s,
    );
  });

  it('falls back to the process sandbox in development, saying why', async () => {
    const warnings: string[] = [];
    const sandbox = await createSandbox({
      production: false,
      bubblewrap: broken,
      logger: { warn: (message) => warnings.push(message) },
    });
    expect(sandbox).toBeInstanceOf(ProcessSandbox);
    expect(sandbox.kind).toBe('process');
    expect(warnings[0]).toMatch(/bubblewrap sandbox unavailable \(bubblewrap sandbox failed to start/);
  });

  it('gives the bubblewrap sandbox where it works', async () => {
    const probe = await BubblewrapSandbox.create({ slots: 1 });
    if (typeof probe === 'string') {
      if (process.env.CI === 'true') throw new Error(`BubblewrapSandbox cannot run here: ${probe}`);
      return console.warn(`[sandbox tests] bubblewrap unavailable here: ${probe}`);
    }
    await probe.close();
    const sandbox = await createSandbox({ production: true, bubblewrap: { slots: 1 } });
    try {
      expect(sandbox.kind).toBe('bubblewrap');
      expect(sandbox.slots).toBe(1);
    } finally {
      await sandbox.close?.();
    }
  });
});
