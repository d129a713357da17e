import { randomUUID } from 'node:crypto';
import {
  DomainError,
  type LicenceBook,
  type LicenceChange,
  changeLicence,
  emptyLicenceBook,
  isLicenceRefusal,
} from '@app/contracts';
import { ApplyLicenceKeyCommand } from './apply-licence-key.command';
import { decideApplyLicenceKey } from './decide-apply-licence-key';

const holderId = randomUUID();
const now = new Date('2026-11-20T12:00:00Z');
const expiresAt = '2027-11-21T12:00:00.000Z';
const book = (...changes: LicenceChange[]): LicenceBook =>
  changes.reduce((b, c) => {
    const next = changeLicence(b, c, now);
    if (isLicenceRefusal(next)) throw new Error(next.message);
    return next;
  }, emptyLicenceBook());
const licence = book(
  { kind: 'addSeats', products: ['allaccess'], seats: 2, isEnterprise: false, expiresAt },
  { kind: 'createKey', code: 'K', name: 'Team', count: 1, product: 'allaccess' },
);
const apply = (userId: string, at = now) =>
  new ApplyLicenceKeyCommand(
    { userId, code: 'K', now: at },
    { actor: { kind: 'user', id: userId }, correlationId: 'c' },
  );
const codeOf = (decision: ReturnType<typeof decideApplyLicenceKey>) =>
  decision instanceof DomainError ? decision.code : decision.map((e) => e.type);

describe('decideApplyLicenceKey (given the key’s licence, when a learner redeems it)', () => {
  it('grants the key’s products until the licence year ends', () => {
    const learner = randomUUID();
    expect(decideApplyLicenceKey(apply(learner), holderId, licence)).toEqual([
      {
        type: 'LicenceKeyApplied',
        data: { holderId, code: 'K', userId: learner, products: ['allaccess'], expiresAt },
      },
    ]);
  });

  it('refuses a used-up key, a second redemption, an unknown key and an expired licence', () => {
    const first = randomUUID();
    const used = changeLicence(
      licence,
      { kind: 'applyKey', code: 'K', userId: first, appliedAt: now.toISOString() },
      now,
    ) as LicenceBook;
    expect(codeOf(decideApplyLicenceKey(apply(randomUUID()), holderId, used))).toBe('LICENCE_KEY_EXHAUSTED');
    expect(codeOf(decideApplyLicenceKey(apply(first), holderId, used))).toBe('LICENCE_KEY_ALREADY_APPLIED');
    expect(codeOf(decideApplyLicenceKey(apply(first), holderId, emptyLicenceBook()))).toBe(
      'LICENCE_KEY_UNKNOWN',
    );
    expect(codeOf(decideApplyLicenceKey(apply(first, new Date(expiresAt)), holderId, licence))).toBe(
      'LICENCE_EXPIRED',
    );
  });
});
