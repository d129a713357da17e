import { Injectable } from '@nestjs/common';
import { MIN_POSITION_WAIT_MS, DomainError, formatPosition } from '@app/contracts';
import { minPositionOf, type HttpRequest, type HttpResponse } from '@app/server-kit';
import { ProjectionHost } from './projection-host';

/**
 * Honors `X-Min-Position`: waits, at most MIN_POSITION_WAIT_MS, until the projections a query
 * reads have processed that position, so a client sees its own writes.
 */
@Injectable()
export class ReadYourWrites {
  constructor(private readonly host: ProjectionHost) {}

  async ensure(request: HttpRequest, response: HttpResponse, projections: readonly string[]): Promise<void> {
    const position = minPositionOf(request);
    if (!position) return;
    const reached = await this.host.waitFor(projections, position, MIN_POSITION_WAIT_MS);
    if (!reached) {
      response.header('Retry-After', '1');
      throw new DomainError(
        'READ_MODEL_NOT_CAUGHT_UP',
        `The read models (${projections.join(', ')}) did not reach position ${formatPosition(position)} within ${MIN_POSITION_WAIT_MS} ms; try again shortly.`,
      );
    }
  }
}
