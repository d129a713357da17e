import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { announcementStreamId, withdrawAnnouncement, DomainError } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  WrongExpectedVersionError,
  acknowledge,
  commandContext,
  PG_POOL,
} from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';
import { decideWithdraw } from '../announcement';
import { loadAnnouncement } from '../announcement-stream';

/**
 * Staff withdraw an announcement. Appends against the revision it decided on; when another
 * withdrawal got in first, deciding again finds it withdrawn and answers the idempotent success.
 */
@Controller()
export class WithdrawAnnouncementController {
  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @ContractRoute(withdrawAnnouncement)
  async withdraw(
    @ValidatedInput() { params }: CallInput<typeof withdrawAnnouncement>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = commandContext(request);
    const { announcementId } = params;
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await loadAnnouncement(this.pool, announcementId);
      const decision = decideWithdraw(state, announcementId);
      if (decision.outcome === 'notFound') {
        throw new DomainError('NOT_FOUND', `No announcement has the id ${announcementId}.`);
      }
      if (decision.outcome === 'alreadyWithdrawn') {
        const head = await this.appender.appendedOrHead();
        return { ...acknowledge(response, head), announcementId, alreadyWithdrawn: true };
      }
      try {
        const appended = await this.appender.append(announcementStreamId(announcementId), decision.events, {
          actor: context.actor,
          correlationId: context.correlationId,
          expectedState: revision,
        });
        return { ...acknowledge(response, appended), announcementId, alreadyWithdrawn: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= 2) throw error;
      }
    }
  }
}
