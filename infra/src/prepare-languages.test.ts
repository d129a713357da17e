import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { missingToolchains, prepareSandbox, prepareToolchains } from './prepare-languages';

/*
 * What `npm start` installs before the services start: the toolchains when a language's setup is
 * missing (once: a failed install is not retried on every start), and the sandbox, whose absence is a
 * loud warning on the console, or a refusal to start in production.
 */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-languages-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The toolchains npm test's setup installed (TOOLCHAINS_DIR, else .data/toolchains). */
const prepared = process.env.TOOLCHAINS_DIR ?? path.resolve(__dirname, '../../.data/toolchains');

/** A toolchains folder in the scratch space whose entries (those `keep` accepts) link to the prepared ones. */
function linkedToPrepared(name: string, keep: (entry: string) => boolean): string {
  const root = emptyRoot(name);
  for (const entry of fs.readdirSync(prepared).filter(keep)) {
    const link = path.join(root, entry);
    if (!fs.existsSync(link)) fs.symlinkSync(path.join(prepared, entry), link);
  }
  return root;
}

function emptyRoot(name: string): string {
  const root = path.join(scratch, name);
  fs.mkdirSync(root, { recursive: true });
  return root;
}

describe('toolchains', () => {
  it('finds the setup of a fresh machine missing and that of a prepared one complete', () => {
    // This machine has g++, go and a JDK: a fresh toolchains folder lacks what the installer makes.
    expect(missingToolchains(emptyRoot('fresh'))).toEqual(
      expect.arrayContaining(['cpp', 'go', 'java', 'kotlin']),
    );
    // The toolchains npm test's setup installed are complete.
    expect(missingToolchains(prepared)).toEqual([]);
  });

  it('runs the installer when something is missing and stays quiet when nothing is', async () => {
    const lines: string[] = [];
    let installs = 0;
    const install = async () => void installs++;
    const complete = linkedToPrepared('complete', () => true);
    expect(await prepareToolchains({ root: complete, say: (line) => lines.push(line), install })).toEqual([]);
    expect(installs).toBe(0);
    expect(lines).toEqual([]);

    const root = emptyRoot('installs-once');
    const still = await prepareToolchains({ root, say: (line) => lines.push(line), install });
    expect(installs).toBe(1);
    expect(still).toEqual(expect.arrayContaining(['kotlin']));
    expect(lines.join('\n')).toMatch(/Toolchains: installing what .*kotlin.* need \(once\)/);

    // The installer could not fix them (it did nothing): the next start does not run it again.
    lines.length = 0;
    await prepareToolchains({ root, say: (line) => lines.push(line), install });
    expect(installs).toBe(1);
    expect(lines.join('\n')).toContain('retry with: node infra/dist/ensure-toolchains.js');
  });

  it('runs the installer again when a language it did not try before is missing', async () => {
    const root = emptyRoot('new-gap');
    let installs = 0;
    // An installer that sets up everything but the C++ header (links to the prepared toolchains).
    const install = async () => {
      installs++;
      linkedToPrepared('new-gap', (entry) => entry !== 'cpp');
    };
    const say = () => undefined;
    expect(await prepareToolchains({ root, say, install })).toEqual(['cpp']);
    expect(await prepareToolchains({ root, say, install })).toEqual(['cpp']);
    expect(installs).toBe(1);
    fs.unlinkSync(path.join(root, 'kotlin'));
    expect(await prepareToolchains({ root, say, install })).toEqual(['cpp']);
    expect(installs).toBe(2);
  }, 120_000);
});

describe('sandbox', () => {
  const failing = () => {
    throw new Error('apt-get could not install bubblewrap');
  };

  it('works on this machine with the real installer and check', () => {
    expect(prepareSandbox({ production: true, memo: path.join(scratch, 'sandbox-real') })).toBeUndefined();
  });

  it('does not retry a failed install while bwrap is missing (the memo may be in a folder still to make)', () => {
    const memo = path.join(scratch, 'not-yet', 'sandbox-install-failed.txt');
    let attempts = 0;
    const failingInstall = () => {
      attempts++;
      throw new Error('bwrap is missing and this user cannot install packages');
    };
    const missingBwrap = () => undefined;
    const first = prepareSandbox({ production: false, memo, ensure: failingInstall, which: missingBwrap });
    const second = prepareSandbox({ production: false, memo, ensure: failingInstall, which: missingBwrap });
    expect(attempts).toBe(1);
    expect(first?.join('\n')).toContain('cannot install packages');
    expect(second?.join('\n')).toContain('not retried; bwrap is still missing');
    // Once bwrap is there (installed by hand), start checks it again.
    const third = prepareSandbox({
      production: false,
      memo,
      ensure: () => undefined,
      which: () => '/usr/bin/bwrap',
    });
    expect(third).toBeUndefined();
    expect(fs.existsSync(memo)).toBe(false);
  });

  it('answers a loud warning in development and refuses in production when it cannot run', () => {
    const warning = prepareSandbox({ production: false, memo: path.join(scratch, 'dev'), ensure: failing });
    expect(warning?.join('\n')).toMatch(/WARNING: no sandbox.*\n.*\n.*apt-get could not install bubblewrap/);
    expect(() =>
      prepareSandbox({ production: true, memo: path.join(scratch, 'prod'), ensure: failing }),
    ).toThrow(/required in production.*apt-get could not install bubblewrap/);
  });
});
