import { DomainError, type LicenceBook } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { checkLicenceChange } from '../licence-ledger';
import type { DeleteLicenceKeyCommand } from './delete-licence-key.command';

/** Its unredeemed seats return to unused; learners who redeemed it keep their access. */
export function decideDeleteLicenceKey(
  { request }: DeleteLicenceKeyCommand,
  book: LicenceBook,
): NewEvent<'LicenceKeyDeleted'>[] | DomainError {
  const refusal = checkLicenceChange(book, { kind: 'deleteKey', code: request.code }, request.now);
  if (refusal) return refusal;
  return [{ type: 'LicenceKeyDeleted', data: { holderId: request.holderId, code: request.code } }];
}
