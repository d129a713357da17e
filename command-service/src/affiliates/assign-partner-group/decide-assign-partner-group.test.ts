import { DomainError } from '@app/contracts';
import { AssignPartnerGroupCommand } from './assign-partner-group.command';
import { decideAssignPartnerGroup } from './decide-assign-partner-group';

const partnerId = '44444444-4444-4444-8444-444444444444';
const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const context = { actor: { kind: 'staff' as const, id: 'operator' }, correlationId: 'c' };

describe('assign partner group: given the enrolled affiliates, when staff assign a group, then', () => {
  it('the partner gets the codes once each, its email in lower case', () => {
    const command = new AssignPartnerGroupCommand(
      { email: 'Partner@Example.com', affiliateIds: [a, b, a] },
      context,
    );
    expect(decideAssignPartnerGroup(command, partnerId, new Set([a, b]))).toEqual([
      {
        type: 'PartnerGroupAssigned',
        data: { partnerId, email: 'partner@example.com', affiliateIds: [a, b] },
      },
    ]);
  });

  it('an affiliate nobody enrolled is refused', () => {
    const command = new AssignPartnerGroupCommand({ email: 'p@example.com', affiliateIds: [a, b] }, context);
    const refusal = decideAssignPartnerGroup(command, partnerId, new Set([a]));
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('AFFILIATE_NOT_FOUND');
  });
});
