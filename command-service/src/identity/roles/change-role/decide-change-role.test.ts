import { DomainError } from '@app/contracts';
import { ChangeRoleCommand } from './change-role.command';
import { decideChangeRole } from './decide-change-role';

const userId = '2b1f3c1e-0000-4000-8000-000000000001';
const context = { actor: { kind: 'user' as const, id: 'staff' }, correlationId: 'c' };
const grant = new ChangeRoleCommand({ kind: 'grant', userId, role: 'premiumv1', reason: 'gift' }, context);
const revoke = new ChangeRoleCommand({ kind: 'revoke', userId, role: 'staff' }, context);

describe('change role: given the account, when staff grant or revoke a role, then', () => {
  it('RoleGranted and the roles after for a role not held', () => {
    expect(decideChangeRole(grant, { userId, roles: ['student'], wiped: false })).toEqual({
      events: [{ type: 'RoleGranted', data: { userId, role: 'premiumv1', reason: 'gift' } }],
      roles: ['student', 'premiumv1'],
    });
  });
  it('RoleRevoked for a held role', () => {
    expect(decideChangeRole(revoke, { userId, roles: ['staff'], wiped: false })).toEqual({
      events: [{ type: 'RoleRevoked', data: { userId, role: 'staff' } }],
      roles: [],
    });
  });
  it('nothing when the roles would not change', () => {
    expect(decideChangeRole(revoke, { userId, roles: [], wiped: false })).toEqual({ events: [], roles: [] });
  });
  it('not found for no account or a wiped one', () => {
    const notFound = new DomainError('NOT_FOUND', 'No account has this user id.');
    expect(decideChangeRole(grant, undefined)).toEqual(notFound);
    expect(decideChangeRole(grant, { userId, roles: [], wiped: true })).toEqual(notFound);
  });
});
