import { QueueFullError, RunQueue } from './run-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('RunQueue', () => {
  it('runs at most `workers` jobs at once, queues up to maxWaiting, refuses the rest', async () => {
    const queue = new RunQueue(2, 1);
    const gates = [deferred(), deferred(), deferred()];
    let concurrent = 0;
    let peak = 0;
    const job = (i: number) => async () => {
      concurrent++;
      peak = Math.max(peak, concurrent);
      await gates[i].promise;
      concurrent--;
      return i;
    };
    const results = [queue.run(job(0)), queue.run(job(1)), queue.run(job(2))];
    await expect(queue.run(job(0))).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(peak).toBe(2);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the worker when a job fails', async () => {
    const queue = new RunQueue(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('refuses a job that waited maxWaitMs without a worker, and runs the next one waiting', async () => {
    jest.useFakeTimers();
    try {
      const queue = new RunQueue(1, 2, 1_000);
      const gate = deferred();
      const first = queue.run(() => gate.promise.then(() => 'first'));
      const late = queue.run(async () => 'late');
      const rejected = expect(late).rejects.toBeInstanceOf(QueueFullError);
      await jest.advanceTimersByTimeAsync(600);
      const next = queue.run(async () => 'next');
      await jest.advanceTimersByTimeAsync(500);
      await rejected;
      expect(queue.load).toEqual({ running: 1, waiting: 1 });
      gate.resolve();
      expect(await first).toBe('first');
      expect(await next).toBe('next');
      expect(queue.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });
});
