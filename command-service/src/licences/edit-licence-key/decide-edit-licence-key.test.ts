import { randomUUID } from 'node:crypto';
import {
  DomainError,
  type LicenceBook,
  type LicenceChange,
  changeLicence,
  emptyLicenceBook,
  isLicenceRefusal,
} from '@app/contracts';
import { EditLicenceKeyCommand } from './edit-licence-key.command';
import { decideEditLicenceKey } from './decide-edit-licence-key';
import { DeleteLicenceKeyCommand } from '../delete-licence-key/delete-licence-key.command';
import { decideDeleteLicenceKey } from '../delete-licence-key/decide-delete-licence-key';

const holderId = randomUUID();
const now = new Date('2026-11-20T12:00:00Z');
const context = { actor: { kind: 'user' as const, id: holderId }, correlationId: 'c' };
const book = (...changes: LicenceChange[]): LicenceBook =>
  changes.reduce((b, c) => {
    const next = changeLicence(b, c, now);
    if (isLicenceRefusal(next)) throw new Error(next.message);
    return next;
  }, emptyLicenceBook());
const licence = book(
  {
    kind: 'addSeats',
    products: ['algoexpert'],
    seats: 5,
    isEnterprise: false,
    expiresAt: '2027-11-21T12:00:00.000Z',
  },
  { kind: 'createKey', code: 'K', name: 'Team', count: 2, product: 'algoexpert' },
  { kind: 'applyKey', code: 'K', userId: randomUUID(), appliedAt: now.toISOString() },
);
const edit = (change: { name?: string; count?: number }, code = 'K') =>
  decideEditLicenceKey(new EditLicenceKeyCommand({ holderId, code, now, ...change }, context), licence);
const codeOf = (decision: { type: string }[] | DomainError) =>
  decision instanceof DomainError ? decision.code : decision.map((e) => e.type);

describe('decideEditLicenceKey and decideDeleteLicenceKey (given a key with one redemption)', () => {
  it('renames and changes the uses within the unused seats and above the redemptions', () => {
    expect(edit({ name: 'Core', count: 5 })).toEqual([
      { type: 'LicenceKeyEdited', data: { holderId, code: 'K', name: 'Core', count: 5 } },
    ]);
    expect(codeOf(edit({ count: 6 }))).toBe('LICENCE_NOT_ENOUGH_SEATS');
    expect(codeOf(edit({ count: 0 }))).toBe('LICENCE_COUNT_BELOW_REDEMPTIONS');
    expect(codeOf(edit({ name: 'x' }, 'NOPE'))).toBe('LICENCE_KEY_UNKNOWN');
    // Nothing changes: nothing to append.
    expect(edit({ name: 'Team', count: 2 })).toEqual([]);
  });

  it('deletes a known key only', () => {
    const remove = (code: string) =>
      decideDeleteLicenceKey(new DeleteLicenceKeyCommand({ holderId, code, now }, context), licence);
    expect(remove('K')).toEqual([{ type: 'LicenceKeyDeleted', data: { holderId, code: 'K' } }]);
    expect(codeOf(remove('NOPE'))).toBe('LICENCE_KEY_UNKNOWN');
  });
});
