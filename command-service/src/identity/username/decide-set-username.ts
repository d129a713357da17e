import { DomainError } from '@app/contracts';
import type { Decision } from '../../infrastructure/aggregate-store';
import type { SetUsernameCommand } from './set-username.command';

/** Usernames no one may take: they would pass for the platform speaking. */
const RESERVED = new Set([
  'admin',
  'administrator',
  'staff',
  'support',
  'help',
  'root',
  'system',
  'moderator',
]);

export const usernameTaken = (username: string) =>
  new DomainError('USERNAME_TAKEN', `The username "${username}" is taken; choose another.`);

/**
 * A reserved username is refused unless staff ask for it; otherwise one UsernameSet (the event keeps
 * no name: the profile table holds it, and a wipe deletes it). Whether another account holds the
 * name the unique index decides when it is stored.
 */
export function decideSetUsername({ request }: SetUsernameCommand): Decision {
  if (RESERVED.has(request.username.toLowerCase()) && !request.isStaff) {
    return new DomainError(
      'USERNAME_TAKEN',
      `The username "${request.username}" is reserved; choose another.`,
    );
  }
  return [{ type: 'UsernameSet', data: { userId: request.userId } }];
}
