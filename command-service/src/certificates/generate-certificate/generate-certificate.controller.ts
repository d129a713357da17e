import { randomUUID } from 'node:crypto';
import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Pool } from 'pg';
import {
  type CodeSubmitted,
  DEFAULT_CERTIFICATE_VERSION,
  type EventDataMap,
  type Principal,
  type ProblemProductId,
  type RecordedEvent,
  buildPath,
  certificatesStreamId,
  formatPosition,
  generateCertificate,
  getCertificatePdf,
  latestOutcomes,
  problemProductIds,
  submissionsStreamId,
  unlockCounts,
  unlockFlags,
} from '@app/contracts';
import {
  ApiException,
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  requireUser,
} from '../../platform';
import { PgEventStore, WrongExpectedVersionError } from '../../event-store';
import { EventAppender } from '../../infrastructure/event-appender';
import { acknowledge, commandContext } from '../../infrastructure/request-context';
import { PG_POOL } from '../../infrastructure/tokens';

/** Concurrent requests of one learner race on their certificates stream; the loser reads the winner's. */
const ATTEMPTS = 3;
const PAGE = 1000;

export const certificatePdfPath = (certificateId: string) => buildPath(getCertificatePdf, { certificateId });

/**
 * generate_certificate: `type` names the product. A learner who completed every published question
 * of it (contracts' unlock rule, decided here from the learner's submissions stream and the
 * catalogue's question streams, not from a read model) gets one CertificateIssued per product and
 * version in their certificates stream; asking again answers the same certificate and appends nothing.
 */
@Controller()
export class GenerateCertificateController {
  private readonly store: PgEventStore;

  constructor(
    private readonly appender: EventAppender,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {
    this.store = new PgEventStore(pool);
  }

  @ContractRoute(generateCertificate)
  async generate(
    @ValidatedInput() { input }: CallInput<typeof generateCertificate>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const user = requireUser(principal);
    const product = problemProductIds.find((id) => id === input.type);
    if (!product)
      throw new ApiException(
        400,
        'VALIDATION_FAILED',
        `The request is not valid: body.type: a certificate's type is one of ${problemProductIds.join(', ')}.`,
        [{ path: 'body.type', message: `One of ${problemProductIds.join(', ')}.` }],
      );
    const version = DEFAULT_CERTIFICATE_VERSION;
    const context = commandContext(request);
    const streamId = certificatesStreamId(user.userId);
    for (let attempt = 1; ; attempt++) {
      const issued = await this.readAll(streamId);
      const existing = issued.find((event) => {
        const data = event.data as EventDataMap['CertificateIssued'];
        return event.type === 'CertificateIssued' && data.product === product && data.version === version;
      });
      if (existing) {
        const data = existing.data as EventDataMap['CertificateIssued'];
        const position = formatPosition({
          transactionId: existing.transactionId,
          position: existing.position,
        });
        return {
          ...acknowledge(response, { position, idempotent: true }),
          url: certificatePdfPath(data.certificateId),
        };
      }
      await this.ensureEarned(user.userId, product);
      const certificateId = randomUUID();
      try {
        const appended = await this.appender.append(
          streamId,
          [
            {
              type: 'CertificateIssued',
              data: {
                certificateId,
                userId: user.userId,
                product,
                version,
                issuedAt: new Date().toISOString(),
              },
            },
          ],
          {
            actor: context.actor,
            correlationId: context.correlationId,
            expectedState: issued.length === 0 ? 'no_stream' : issued[issued.length - 1].revision,
          },
        );
        return { ...acknowledge(response, appended), url: certificatePdfPath(certificateId) };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** 403 CERTIFICATE_NOT_EARNED unless every published question of the product is completed. */
  private async ensureEarned(userId: string, product: ProblemProductId): Promise<void> {
    const submissions = await this.readAll(submissionsStreamId(userId));
    const published = await this.pool.query<{ question_id: string }>(
      `SELECT DISTINCT data->>'questionId' AS question_id FROM es_events
        WHERE type = 'QuestionPublished' AND data->>'product' = $1`,
      [product],
    );
    const counts = unlockCounts(
      latestOutcomes(submissions as RecordedEvent<string, Partial<CodeSubmitted>>[], product),
      new Set(published.rows.map((row) => row.question_id)),
    );
    if (unlockFlags(counts).hasUnlockedLatestCert) return;
    throw new ApiException(
      403,
      'CERTIFICATE_NOT_EARNED',
      counts.numQuestionsRequired === 0
        ? `${product} has no certificate to earn yet.`
        : `Complete every question of ${product} to earn its certificate: ${counts.numQuestionsCompleted} of ${counts.numQuestionsRequired} done.`,
    );
  }

  private async readAll(streamId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (;;) {
      const page = await this.store.readStream(streamId, { fromRevision: events.length, maxCount: PAGE });
      events.push(...page);
      if (page.length < PAGE) return events;
    }
  }
}
