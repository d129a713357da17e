import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Principal, userStreamId, wipeAccount } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
  acknowledge,
  commandContext,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';

/**
 * Tables of the command side holding rows keyed by user. Every capability that stores per-user state
 * outside events adds its table here, so a wipe reaches it.
 */
const PER_USER_TABLES = [
  'identity_profiles',
  'identity_sessions',
  'identity_screen_leases',
  'user_data_documents',
] as const;

/**
 * Account wipe: personal data and every token go, in the same transaction as the AccountWiped event;
 * the projections drop the user's rows when they see it. The events keep only ids, so the history
 * stays whole and says nothing about who the person was.
 */
@Controller()
export class WipeAccountController {
  constructor(private readonly appender: EventAppender) {}

  @ContractRoute(wipeAccount)
  async wipe(
    @ValidatedInput() _: CallInput<typeof wipeAccount>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const context = commandContext(request);
    const appended = await this.appender.transaction(async (tx) => {
      await tx.client.query(
        `UPDATE identity_users SET wiped_at = now(), roles = '{}', subscriptions = '{}' WHERE user_id = $1`,
        [user.userId],
      );
      for (const table of PER_USER_TABLES) {
        await tx.client.query(`DELETE FROM ${table} WHERE user_id = $1`, [user.userId]);
      }
      return tx.append(userStreamId(user.userId), [{ type: 'AccountWiped', data: { userId: user.userId } }], {
        actor: context.actor,
        correlationId: context.correlationId,
      });
    });
    return acknowledge(response, appended);
  }
}
