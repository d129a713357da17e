import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Principal, acquireScreenLease, userStreamId, DomainError } from '@app/contracts';
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
import { type Lease, decideLease } from './decide-lease';

/**
 * The lease is volatile state (renewed every 20 s), kept in a table; only a takeover of a live
 * lease, the trace of account sharing, is an event.
 */
@Controller()
export class ScreenLeaseController {
  constructor(private readonly appender: EventAppender) {}

  @ContractRoute(acquireScreenLease)
  async acquire(
    @ValidatedInput() { input }: CallInput<typeof acquireScreenLease>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    if (input.subject !== user.userId) {
      throw new DomainError('FORBIDDEN', "The lease subject is not the signed-in account's subject.");
    }
    const context = commandContext(request);
    const result = await this.appender.transaction(async (tx) => {
      // The row exists before it is locked, so two first acquisitions serialise on it too.
      await tx.client.query(
        `INSERT INTO identity_screen_leases (user_id, machine_uuid, expires_at)
         VALUES ($1, '', 'epoch') ON CONFLICT (user_id) DO NOTHING`,
        [user.userId],
      );
      const { rows } = await tx.client.query<{ machine_uuid: string; expires_at: Date; now: Date }>(
        'SELECT machine_uuid, expires_at, now() AS now FROM identity_screen_leases WHERE user_id = $1 FOR UPDATE',
        [user.userId],
      );
      const row = rows[0];
      const current: Lease = { machineUuid: row.machine_uuid, expiresAt: row.expires_at };
      const decision = decideLease(current, { machineUuid: input.machine_uuid, force: input.force }, row.now);
      if (decision.acquired) {
        await tx.client.query(
          `UPDATE identity_screen_leases SET machine_uuid = $2, expires_at = now() + make_interval(secs => $3)
            WHERE user_id = $1`,
          [user.userId, input.machine_uuid, input.ttl],
        );
      }
      const appended = decision.takenFrom
        ? await tx.append(
            userStreamId(user.userId),
            [
              {
                type: 'ScreenLeaseTakenOver',
                data: {
                  userId: user.userId,
                  machineUuid: input.machine_uuid,
                  previousMachineUuid: decision.takenFrom,
                },
              },
            ],
            { actor: context.actor, correlationId: context.correlationId },
          )
        : undefined;
      return { decision, appended };
    });
    const appended = await this.appender.appendedOrHead(result.appended);
    return {
      ...acknowledge(response, appended),
      acquired: result.decision.acquired,
      currentOwner: result.decision.currentOwner,
    };
  }
}
