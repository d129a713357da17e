import type { Role } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';

export type RoleChange = { kind: 'grant' | 'revoke'; userId: string; role: Role; reason?: string };

/** Pure decision: the events a role change needs (none when it changes nothing) and the roles after. */
export function decideRoleChange(
  current: readonly Role[],
  change: RoleChange,
): { events: NewEvent<'RoleGranted' | 'RoleRevoked'>[]; roles: Role[] } {
  const holds = current.includes(change.role);
  const data = {
    userId: change.userId,
    role: change.role,
    ...(change.reason ? { reason: change.reason } : {}),
  };
  if (change.kind === 'grant') {
    return holds
      ? { events: [], roles: [...current] }
      : { events: [{ type: 'RoleGranted', data }], roles: [...current, change.role] };
  }
  return holds
    ? { events: [{ type: 'RoleRevoked', data }], roles: current.filter((r) => r !== change.role) }
    : { events: [], roles: [...current] };
}
