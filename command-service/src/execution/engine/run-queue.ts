/**
 * A bounded queue in front of the runners: at most `workers` jobs run at once, at most `maxWaiting`
 * wait; anything more is refused at once (the API answers RCE_BUSY) instead of piling up, and a job that
 * has waited `maxWaitMs` without a worker is refused then (its caller is answered before the gateway
 * gives up on it).
 */
export class RunQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly workers: number,
    readonly maxWaiting: number,
    readonly maxWaitMs = Infinity,
  ) {}

  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` when a worker is free; throws QueueFullError when the queue is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.workers) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError();
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = Number.isFinite(this.maxWaitMs)
          ? setTimeout(() => {
              this.waiting.splice(this.waiting.indexOf(turn), 1);
              reject(new QueueFullError());
            }, this.maxWaitMs)
          : undefined;
        this.waiting.push(turn);
      });
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      // The worker passes straight to the next job waiting, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

export class QueueFullError extends Error {
  constructor() {
    super('Every code runner is busy; try again in a few seconds.');
    this.name = 'QueueFullError';
  }
}
