import { DomainError, type EventPosition, MIN_POSITION_HEADER, parsePosition } from '@app/contracts';
import { type HttpRequest, headerOf } from './http-types';

/**
 * The position a call asks to see (`X-Min-Position`, read-your-writes), or undefined without the header;
 * a malformed one is a 400 INVALID_POSITION. Read the same way by both services.
 */
export function minPositionOf(request: HttpRequest): EventPosition | undefined {
  const header = headerOf(request, MIN_POSITION_HEADER);
  if (header === undefined) return undefined;
  const position = parsePosition(header);
  if (!position) {
    throw new DomainError(
      'INVALID_POSITION',
      `${MIN_POSITION_HEADER} must be a position token such as "1234.56", as answered by a command.`,
    );
  }
  return position;
}
