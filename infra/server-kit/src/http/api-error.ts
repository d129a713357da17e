import type { ApiError, ErrorCode } from '@app/contracts';

/** A domain or edge error with its HTTP status, machine-readable code and human message. */
export class ApiException extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ApiError['issues'],
  ) {
    super(message);
  }

  toBody(): ApiError {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }
}
