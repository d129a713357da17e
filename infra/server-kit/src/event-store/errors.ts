import type { ErrorCode } from '@app/contracts';

export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | number;

/** Base of the errors an append can answer; each maps to a 4xx with its code. */
export abstract class EventStoreError extends Error {
  abstract readonly code: ErrorCode;
}

/** The stream was not in the expected state: someone else appended first. */
export class WrongExpectedVersionError extends EventStoreError {
  readonly code = 'WRONG_EXPECTED_VERSION' as const;
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedState,
    /** Revision of the stream's last event, or -1 when it has none. */
    readonly actualRevision: number,
  ) {
    super(
      `Stream ${streamId} was expected at ${String(expected)} but is at ${
        actualRevision < 0 ? 'no_stream' : `revision ${actualRevision}`
      }.`,
    );
  }
}

/** Some of the event ids are stored already, but not as this same append to this stream. */
export class DuplicateEventIdError extends EventStoreError {
  readonly code = 'DUPLICATE_EVENT_ID' as const;
  constructor(readonly streamId: string) {
    super(`Some event ids of this append to ${streamId} are already stored in another append or stream.`);
  }
}

export class InvalidAppendError extends EventStoreError {
  constructor(
    readonly code: 'UNKNOWN_EVENT_TYPE' | 'INVALID_EVENT_DATA' | 'EVENT_TOO_LARGE' | 'VALIDATION_FAILED',
    message: string,
  ) {
    super(message);
  }
}
