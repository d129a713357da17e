import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, affiliateAccountStreamId } from '@app/contracts';
import type { Appended } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { insertAffiliate, takenCodes } from '../affiliates.repository';
import { decideEnrolAffiliate } from './decide-enrol-affiliate';
import { EnrolAffiliateCommand } from './enrol-affiliate.command';

/**
 * Enrols an affiliate on a new stream. The account's row and the event commit together; the row's
 * unique indexes refuse a concurrent enrolment of the same alias or promo code.
 */
@CommandHandler(EnrolAffiliateCommand)
export class EnrolAffiliateHandler implements ICommandHandler<
  EnrolAffiliateCommand,
  { appended: Appended; affiliateId: string }
> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: EnrolAffiliateCommand): Promise<{ appended: Appended; affiliateId: string }> {
    const affiliateId = randomUUID();
    return this.appender.transaction(async (tx) => {
      const { alias, promocode, cutFlat, cutPerc } = command.request;
      const decision = decideEnrolAffiliate(
        command,
        affiliateId,
        await takenCodes(tx.client, alias, promocode),
      );
      if (decision instanceof DomainError) throw decision;
      if (!(await insertAffiliate(tx.client, { affiliateId, alias, promocode, cutFlat, cutPerc }))) {
        throw new DomainError('AFFILIATE_ALIAS_TAKEN', 'Another affiliate took this alias or promo code.');
      }
      const appended = await tx.append(affiliateAccountStreamId(affiliateId), decision, {
        expectedState: 'no_stream',
        actor: command.context.actor,
        correlationId: command.context.correlationId,
      });
      return { appended, affiliateId };
    });
  }
}
