import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DomainError, affiliatePartnerStreamId } from '@app/contracts';
import { type Appended, PG_POOL } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { allAffiliates } from '../affiliates.repository';
import { AssignPartnerGroupCommand } from './assign-partner-group.command';
import { decideAssignPartnerGroup } from './decide-assign-partner-group';

/** Each assignment is a new partner stream; the read model keeps the latest group per email. */
@CommandHandler(AssignPartnerGroupCommand)
export class AssignPartnerGroupHandler implements ICommandHandler<
  AssignPartnerGroupCommand,
  { appended: Appended; partnerId: string }
> {
  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(command: AssignPartnerGroupCommand): Promise<{ appended: Appended; partnerId: string }> {
    const partnerId = randomUUID();
    const enrolled = new Set((await allAffiliates(this.pool)).map((a) => a.affiliateId));
    const decision = decideAssignPartnerGroup(command, partnerId, enrolled);
    if (decision instanceof DomainError) throw decision;
    const appended = await this.appender.append(affiliatePartnerStreamId(partnerId), decision, {
      expectedState: 'no_stream',
      actor: command.context.actor,
      correlationId: command.context.correlationId,
    });
    return { appended, partnerId };
  }
}
