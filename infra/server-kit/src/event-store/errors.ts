import { DomainError, type ErrorCode } from '@app/contracts';

export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | number;

/** No stream or a revision: the expectations the unique (stream_id, revision) index can decide alone. */
export function isExactExpectation(expected: ExpectedState): expected is 'no_stream' | number {
  return expected === 'no_stream' || typeof expected === 'number';
}

/** Base of the errors an append can answer: domain errors with their codes (409 or 400 at the edge). */
export abstract class EventStoreError extends DomainError {
  constructor(code: ErrorCode, message: string) {
    super(code, message);
  }
}

/** The stream was not in the expected state: someone else appended first. */
export class WrongExpectedVersionError extends EventStoreError {
  declare readonly code: 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedState,
    /** Revision of the stream's last event, or -1 when it has none. */
    readonly actualRevision: number,
  ) {
    super(
      'WRONG_EXPECTED_VERSION',
      `Stream ${streamId} was expected at ${String(expected)} but is at ${
        actualRevision < 0 ? 'no_stream' : `revision ${actualRevision}`
      }.`,
    );
  }
}

/** Some of the event ids are stored already, but not as this same append to this stream. */
export class DuplicateEventIdError extends EventStoreError {
  declare readonly code: 'DUPLICATE_EVENT_ID';
  constructor(readonly streamId: string) {
    super(
      'DUPLICATE_EVENT_ID',
      `Some event ids of this append to ${streamId} are already stored in another append or stream.`,
    );
  }
}

export class InvalidAppendError extends EventStoreError {
  declare readonly code:
    'UNKNOWN_EVENT_TYPE' | 'INVALID_EVENT_DATA' | 'EVENT_TOO_LARGE' | 'VALIDATION_FAILED';
  constructor(
    code: 'UNKNOWN_EVENT_TYPE' | 'INVALID_EVENT_DATA' | 'EVENT_TOO_LARGE' | 'VALIDATION_FAILED',
    message: string,
  ) {
    super(code, message);
  }
}
