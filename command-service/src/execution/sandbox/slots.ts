/*
 * Slots: one unprivileged uid per concurrently open box. A uid is claimed machine-wide with an flock held
 * by a tiny helper process (`flock -n <file> cat`, reading from this process), so two services or test
 * workers on one machine never share a uid, and a crashed holder releases its claim with its pipe.
 * `acquire` waits for a free slot in FIFO order, up to a bound, then fails with SandboxBusyError.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export type Slot = { index: number; uid: number; gid: number };

export class SandboxBusyError extends Error {
  constructor(waitedMs: number) {
    super(`all sandbox slots stayed busy for ${waitedMs} ms`);
    this.name = 'SandboxBusyError';
  }
}

/** How many uids past the wanted count are tried when others hold theirs. */
const CLAIM_ATTEMPTS = 256;

/** Claims `count` uids from `uidBase` upward; each is held until `release`. */
export async function claimUids(
  flock: string,
  lockDir: string,
  uidBase: number,
  count: number,
): Promise<{ uids: number[]; release: () => void }> {
  const holders: ChildProcess[] = [];
  const uids: number[] = [];
  for (let uid = uidBase; uids.length < count && uid < uidBase + count + CLAIM_ATTEMPTS; uid++) {
    const holder = await holdLock(flock, join(lockDir, `slot-${uid}.lock`));
    if (holder) {
      holders.push(holder);
      uids.push(uid);
    }
  }
  const release = () => {
    for (const holder of holders) {
      // cat ends on end of input, so nothing that may hold the lock outlives the release.
      holder.stdin?.destroy();
      holder.kill('SIGKILL');
    }
  };
  if (uids.length < count) {
    release();
    throw new Error(`could only claim ${uids.length} of ${count} sandbox uids from ${uidBase}`);
  }
  return { uids, release };
}

function holdLock(flock: string, file: string): Promise<ChildProcess | undefined> {
  return new Promise((resolve) => {
    const child = spawn(flock, ['-n', '-x', file, 'sh', '-c', 'echo locked; exec cat'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    let answered = false;
    const answer = (holder: ChildProcess | undefined) => {
      if (answered) return;
      answered = true;
      resolve(holder);
    };
    child.stdout?.once('data', () => {
      // Held while this process lives: the pipe closes when it dies, and cat with it.
      child.unref();
      for (const stream of [child.stdin, child.stdout])
        (stream as unknown as { unref?: () => void })?.unref?.();
      answer(child);
    });
    child.once('exit', () => answer(undefined));
    child.once('error', () => answer(undefined));
  });
}

export class SlotPool {
  private readonly free: Slot[];
  private readonly waiting: { grant: (slot: Slot) => void }[] = [];

  constructor(
    uids: number[],
    private readonly maxWaitMs: number,
  ) {
    this.free = uids.map((uid, index) => ({ index, uid, gid: uid }));
  }

  get size(): number {
    return this.free.length + this.busyCount;
  }

  private busyCount = 0;

  acquire(): Promise<Slot> {
    const slot = this.free.shift();
    if (slot) {
      this.busyCount++;
      return Promise.resolve(slot);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        grant: (granted: Slot) => {
          clearTimeout(timer);
          this.busyCount++;
          resolve(granted);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(new SandboxBusyError(this.maxWaitMs));
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  release(slot: Slot): void {
    this.busyCount--;
    const next = this.waiting.shift();
    if (next) next.grant(slot);
    else this.free.push(slot);
  }
}
