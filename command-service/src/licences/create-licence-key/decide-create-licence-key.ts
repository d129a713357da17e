import { DomainError, type LicenceBook } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { checkLicenceChange } from '../licence-ledger';
import type { CreateLicenceKeyCommand } from './create-licence-key.command';

/** A key may take at most the unused seats of a product the licence has, before the licence year ends. */
export function decideCreateLicenceKey(
  { request }: CreateLicenceKeyCommand,
  book: LicenceBook,
): NewEvent<'LicenceKeyCreated'>[] | DomainError {
  const { holderId, code, name, count, product, now } = request;
  const refusal = checkLicenceChange(book, { kind: 'createKey', code, name, count, product }, now);
  if (refusal) return refusal;
  return [
    {
      type: 'LicenceKeyCreated',
      data: {
        holderId,
        code,
        name,
        count,
        product,
        allowedProducts: [product],
        isEnterprise: book.seats[product]?.isEnterprise ?? false,
      },
    },
  ];
}
