import { DomainError } from '@app/contracts';
import { decideEnrolAffiliate } from './decide-enrol-affiliate';
import { EnrolAffiliateCommand } from './enrol-affiliate.command';

const id = '7d7c3f4e-8a55-4d4f-9b59-3a6f1c2e0b11';
const command = new EnrolAffiliateCommand(
  { alias: 'clement', email: ' Clement@Example.com ', cutFlat: null, cutPerc: 20, promocode: 'CLEM10' },
  { actor: { kind: 'staff', id: 'operator' }, correlationId: 'c' },
);
const free = { aliasTaken: false, promocodeTaken: false };

describe('enrol affiliate: given the codes taken, when staff enrol one, then', () => {
  it('a new affiliate is enrolled with its cut and codes (email in lower case)', () => {
    expect(decideEnrolAffiliate(command, id, free)).toEqual([
      {
        type: 'AffiliateEnrolled',
        data: {
          affiliateId: id,
          alias: 'clement',
          email: 'clement@example.com',
          cutFlat: null,
          cutPerc: 20,
          promocode: 'CLEM10',
        },
      },
    ]);
  });

  it.each([
    [{ aliasTaken: true, promocodeTaken: false }, 'AFFILIATE_ALIAS_TAKEN'],
    [{ aliasTaken: false, promocodeTaken: true }, 'AFFILIATE_PROMOCODE_TAKEN'],
  ])('a taken code is refused with its own error code (%o)', (taken, code) => {
    const refusal = decideEnrolAffiliate(command, id, taken);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe(code);
  });
});
