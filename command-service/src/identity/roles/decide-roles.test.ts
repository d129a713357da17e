import { decideRoleChange } from './decide-roles';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';

describe('decideRoleChange', () => {
  it('grants a role not held yet: one RoleGranted', () => {
    const result = decideRoleChange(['student'], {
      kind: 'grant',
      userId,
      role: 'premiumv1',
      reason: 'gift',
    });
    expect(result.events).toEqual([
      { type: 'RoleGranted', data: { userId, role: 'premiumv1', reason: 'gift' } },
    ]);
    expect(result.roles).toEqual(['student', 'premiumv1']);
  });
  it('grants a held role: no event', () => {
    expect(decideRoleChange(['premiumv1'], { kind: 'grant', userId, role: 'premiumv1' })).toEqual({
      events: [],
      roles: ['premiumv1'],
    });
  });
  it('revokes a held role: one RoleRevoked', () => {
    const result = decideRoleChange(['premiumv1', 'staff'], { kind: 'revoke', userId, role: 'staff' });
    expect(result.events).toEqual([{ type: 'RoleRevoked', data: { userId, role: 'staff' } }]);
    expect(result.roles).toEqual(['premiumv1']);
  });
  it('revokes a role not held: no event', () => {
    expect(decideRoleChange([], { kind: 'revoke', userId, role: 'staff' }).events).toEqual([]);
  });
});
