import type { Decision } from '../../infrastructure/aggregate-store';
import type { WipeAccountCommand } from './wipe-account.command';

/**
 * One AccountWiped: the projections drop the user's rows when they see it. The events keep only ids,
 * so the history stays whole and says nothing about who the person was.
 */
export function decideWipeAccount({ request }: WipeAccountCommand): Decision {
  return [{ type: 'AccountWiped', data: { userId: request.userId } }];
}
