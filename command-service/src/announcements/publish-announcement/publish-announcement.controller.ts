import { randomUUID } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import { announcementStreamId, publishAnnouncement, DomainError } from '@app/contracts';
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
import { decidePublish } from '../announcement';
import { loadAnnouncement, toAnnouncement } from '../announcement-stream';

/**
 * Staff publish an announcement; the read side shows it through announcement/mine. With an
 * Idempotency-Key the key becomes the announcement's id, so a retried request answers the
 * announcement the first one published instead of publishing it twice.
 */
@Controller()
export class PublishAnnouncementController {
  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  @ContractRoute(publishAnnouncement)
  async publish(
    @ValidatedInput() { input }: CallInput<typeof publishAnnouncement>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = commandContext(request);
    const announcementId = context.idempotencyKey ?? randomUUID();
    const decision = decidePublish(
      {
        announcementId,
        message: input.message,
        sitePath: input.sitePath ?? null,
        expiresAt: input.expiresAt ?? null,
      },
      new Date(),
    );
    if ('refused' in decision) {
      const { field, message } = decision.refused;
      throw new DomainError('VALIDATION_FAILED', `The request is not valid: body.${field}: ${message}`, [
        { path: `body.${field}`, message },
      ]);
    }
    try {
      const appended = await this.appender.append(announcementStreamId(announcementId), decision.events, {
        actor: context.actor,
        correlationId: context.correlationId,
        expectedState: 'no_stream',
      });
      return { ...acknowledge(response, appended), announcement: toAnnouncement(decision.events[0].data) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || !context.idempotencyKey) throw error;
      // A retry of a publication that went through: answer what it published.
      const { published } = await loadAnnouncement(this.pool, announcementId);
      if (!published) throw error;
      return {
        ...acknowledge(response, { position: published.position, idempotent: true }),
        announcement: published.announcement,
      };
    }
  }
}
