import { DomainError, type LicenceBook } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { checkLicenceChange } from '../licence-ledger';
import type { ApplyLicenceKeyCommand } from './apply-licence-key.command';

/** Once per learner, up to the key's uses, before the licence year ends. */
export function decideApplyLicenceKey(
  { request }: ApplyLicenceKeyCommand,
  holderId: string,
  book: LicenceBook,
): NewEvent<'LicenceKeyApplied'>[] | DomainError {
  const { userId, code, now } = request;
  const refusal = checkLicenceChange(
    book,
    { kind: 'applyKey', code, userId, appliedAt: now.toISOString() },
    now,
  );
  if (refusal) return refusal;
  const key = book.keys.find((k) => k.code === code)!;
  return [
    {
      type: 'LicenceKeyApplied',
      data: {
        holderId,
        code,
        userId,
        products: key.allowedProducts,
        expiresAt: book.seats[key.product]!.expiresAt,
      },
    },
  ];
}
