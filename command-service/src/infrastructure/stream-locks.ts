import { Injectable } from '@nestjs/common';

/**
 * Runs the commands of one stream one after another within this process. Commands that many people
 * send to the same stream at once (votes on one solution) would otherwise mostly read the same
 * revision and lose the append; queued, each reads the revision its predecessor wrote. The expected
 * revision stays the guard across processes: this only spares the retries.
 */
@Injectable()
export class StreamLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(streamId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(streamId, tail);
    void tail.then(() => {
      if (this.tails.get(streamId) === tail) this.tails.delete(streamId);
    });
    return result;
  }
}
