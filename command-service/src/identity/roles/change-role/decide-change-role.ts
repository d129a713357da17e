import { DomainError, type Role } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { UserState } from '../../identity.repository';
import { decideRoleChange } from '../decide-roles';
import type { ChangeRoleCommand } from './change-role.command';

export const accountNotFound = () => new DomainError('NOT_FOUND', 'No account has this user id.');

/**
 * An account that does not exist or was wiped is not found; otherwise the role rule (decide-roles):
 * RoleGranted or RoleRevoked when it changes the roles, nothing when it does not, and the roles after.
 */
export function decideChangeRole(
  { request }: ChangeRoleCommand,
  user: UserState | undefined,
): { events: NewEvent<'RoleGranted' | 'RoleRevoked'>[]; roles: Role[] } | DomainError {
  if (!user || user.wiped) return accountNotFound();
  return decideRoleChange(user.roles, request);
}
