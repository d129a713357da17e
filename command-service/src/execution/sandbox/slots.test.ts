import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimUids, SandboxBusyError, SlotPool } from './slots';

describe('SlotPool', () => {
  it('hands out free slots, queues in order and answers busy after the wait bound', async () => {
    const pool = new SlotPool([100, 101], 150);
    const a = await pool.acquire();
    const b = await pool.acquire();
    expect([a.uid, b.uid]).toEqual([100, 101]);
    const order: number[] = [];
    const first = pool.acquire().then((slot) => order.push(slot.uid));
    const second = pool.acquire().then((slot) => order.push(slot.uid));
    pool.release(b);
    pool.release(a);
    await Promise.all([first, second]);
    expect(order).toEqual([101, 100]);
    await expect(pool.acquire()).rejects.toBeInstanceOf(SandboxBusyError);
    expect(pool.size).toBe(2);
  });
});

const flock = '/usr/bin/flock';
(existsSync(flock) ? describe : describe.skip)('claimUids', () => {
  it('never gives one uid to two claimants until it is released', async () => {
    const lockDir = mkdtempSync(join(tmpdir(), 'slot-locks-'));
    try {
      const one = await claimUids(flock, lockDir, 5000, 2);
      const two = await claimUids(flock, lockDir, 5000, 2);
      expect(one.uids).toEqual([5000, 5001]);
      expect(two.uids).toEqual([5002, 5003]);
      one.release();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const three = await claimUids(flock, lockDir, 5000, 1);
      expect(three.uids).toEqual([5000]);
      two.release();
      three.release();
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  });
});
