import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type EventPosition, awaitPosition, buildPath, formatPosition } from '@app/contracts';
import { CONFIG } from '@app/server-kit';
import type { CommandServiceConfig } from './config';

/** Past the read side's own wait (5 s): its answer, caught up or not, always comes first. */
const READ_SIDE_TIMEOUT_MS = 8000;

/**
 * The read side as the command side asks it one thing: do the read models show this position yet? For
 * a command whose work reads them (an analyst's SQL over the analytics views) and was asked to reflect
 * a position (X-Min-Position). The projection-service waits for it, at most 5 s.
 */
@Injectable()
export class ReadSide {
  constructor(@Inject(CONFIG) private readonly config: CommandServiceConfig) {}

  async awaitPosition(position: EventPosition): Promise<void> {
    const token = formatPosition(position);
    const url = new URL(buildPath(awaitPosition, { position: token }), this.config.readSideUrl);
    let answer: Response;
    try {
      answer = await fetch(url, { signal: AbortSignal.timeout(READ_SIDE_TIMEOUT_MS) });
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The read side is not answering; try again shortly.');
    }
    if (answer.ok) return;
    const body = (await answer.json().catch(() => undefined)) as
      { code?: string; message?: string } | undefined;
    if (body?.code === 'READ_MODEL_NOT_CAUGHT_UP')
      throw new DomainError('READ_MODEL_NOT_CAUGHT_UP', body.message!);
    throw new DomainError(
      'SERVICE_UNAVAILABLE',
      `The read side answered HTTP ${answer.status}; try again shortly.`,
    );
  }
}
