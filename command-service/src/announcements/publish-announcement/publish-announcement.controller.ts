import { randomUUID } from 'node:crypto';
import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { publishAnnouncement } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { PublishAnnouncementCommand } from './publish-announcement.command';
import type { AnnouncementPublished } from './publish-announcement.handler';

/**
 * Staff publish an announcement; the read side shows it through announcement/mine. With an
 * Idempotency-Key the key becomes the announcement's id, so a retried request answers the
 * announcement the first one published instead of publishing it twice.
 */
@Controller()
export class PublishAnnouncementController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(publishAnnouncement)
  async publish(
    @ValidatedInput() { input }: CallInput<typeof publishAnnouncement>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const context = commandContext(request);
    const { appended, announcement } = await this.commandBus.execute<
      PublishAnnouncementCommand,
      AnnouncementPublished
    >(
      new PublishAnnouncementCommand(
        {
          announcementId: context.idempotencyKey ?? randomUUID(),
          message: input.message,
          sitePath: input.sitePath ?? null,
          expiresAt: input.expiresAt ?? null,
          now: new Date(),
        },
        context,
      ),
    );
    return { ...acknowledge(response, appended), announcement };
  }
}
