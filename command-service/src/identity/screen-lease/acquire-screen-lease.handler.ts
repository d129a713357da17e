import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { holdScreenLease, lockScreenLease } from '../identity.repository';
import type { LeaseDecision } from './decide-lease';
import { AcquireScreenLeaseCommand } from './acquire-screen-lease.command';
import { decideAcquireScreenLease, leaseSubjectRefusal } from './decide-acquire-screen-lease';

export type ScreenLeaseAcquired = { appended: Appended; lease: LeaseDecision };

/**
 * The lease is volatile state (renewed every 20 s), kept in a table locked per account; the
 * takeover event, when there is one, commits with it. No event: the store's head is answered.
 */
@CommandHandler(AcquireScreenLeaseCommand)
export class AcquireScreenLeaseHandler implements ICommandHandler<
  AcquireScreenLeaseCommand,
  ScreenLeaseAcquired
> {
  constructor(private readonly appender: EventAppender) {}

  async execute(command: AcquireScreenLeaseCommand): Promise<ScreenLeaseAcquired> {
    const { userId, machineUuid, ttlSeconds } = command.request;
    const refusal = leaseSubjectRefusal(command);
    if (refusal) throw refusal;
    const result = await this.appender.transaction(async (tx) => {
      const decision = decideAcquireScreenLease(command, await lockScreenLease(tx.client, userId));
      if (decision.lease.acquired) await holdScreenLease(tx.client, userId, machineUuid, ttlSeconds);
      const appended =
        decision.events.length > 0
          ? await tx.append(userStreamId(userId), decision.events, {
              actor: command.context.actor,
              correlationId: command.context.correlationId,
            })
          : undefined;
      return { lease: decision.lease, appended };
    });
    return { appended: await this.appender.appendedOrHead(result.appended), lease: result.lease };
  }
}
