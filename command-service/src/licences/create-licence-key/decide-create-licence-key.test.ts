import { randomUUID } from 'node:crypto';
import {
  DomainError,
  type LicenceBook,
  changeLicence,
  emptyLicenceBook,
  isLicenceRefusal,
} from '@app/contracts';
import { CreateLicenceKeyCommand } from './create-licence-key.command';
import { decideCreateLicenceKey } from './decide-create-licence-key';

const holderId = randomUUID();
const now = new Date('2026-11-20T12:00:00Z');
const context = { actor: { kind: 'user' as const, id: holderId }, correlationId: 'c' };
const withSeats = (seats: number, isEnterprise = false): LicenceBook => {
  const book = changeLicence(
    emptyLicenceBook(),
    {
      kind: 'addSeats',
      products: ['algoexpert'],
      seats,
      isEnterprise,
      expiresAt: '2027-11-21T12:00:00.000Z',
    },
    now,
  );
  if (isLicenceRefusal(book)) throw new Error(book.message);
  return book;
};
const create = (count: number, product: 'algoexpert' | 'mlexpert' = 'algoexpert') =>
  new CreateLicenceKeyCommand(
    { holderId, name: 'Team', count, product, code: 'AAAA-BBBB-CCCC-DDDD', now },
    context,
  );
const codeOf = (decision: ReturnType<typeof decideCreateLicenceKey>) =>
  decision instanceof DomainError ? decision.code : decision.map((e) => e.type);

describe('decideCreateLicenceKey (given the holder’s licence, when creating a key)', () => {
  it('creates a key of the licence’s kind from unused seats', () => {
    expect(decideCreateLicenceKey(create(2), withSeats(3, true))).toEqual([
      {
        type: 'LicenceKeyCreated',
        data: {
          holderId,
          code: 'AAAA-BBBB-CCCC-DDDD',
          name: 'Team',
          count: 2,
          product: 'algoexpert',
          allowedProducts: ['algoexpert'],
          isEnterprise: true,
        },
      },
    ]);
  });

  it('refuses more uses than unused seats, and a product without seats', () => {
    expect(codeOf(decideCreateLicenceKey(create(4), withSeats(3)))).toBe('LICENCE_NOT_ENOUGH_SEATS');
    expect(codeOf(decideCreateLicenceKey(create(1, 'mlexpert'), withSeats(3)))).toBe(
      'LICENCE_PRODUCT_NOT_LICENSED',
    );
    expect(codeOf(decideCreateLicenceKey(create(1), emptyLicenceBook()))).toBe(
      'LICENCE_PRODUCT_NOT_LICENSED',
    );
  });
});
