import { DomainError, type LicenceBook } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import { checkLicenceChange } from '../licence-ledger';
import type { EditLicenceKeyCommand } from './edit-licence-key.command';

/** Unused seats adjust by the difference; the uses never drop below the redemptions made. */
export function decideEditLicenceKey(
  { request }: EditLicenceKeyCommand,
  book: LicenceBook,
): NewEvent<'LicenceKeyEdited'>[] | DomainError {
  const { holderId, code, name, count, now } = request;
  const refusal = checkLicenceChange(book, { kind: 'editKey', code, name, count }, now);
  if (refusal) return refusal;
  const key = book.keys.find((k) => k.code === code)!;
  const edited = { name: name ?? key.name, count: count ?? key.count };
  if (edited.name === key.name && edited.count === key.count) return [];
  return [{ type: 'LicenceKeyEdited', data: { holderId, code, ...edited } }];
}
