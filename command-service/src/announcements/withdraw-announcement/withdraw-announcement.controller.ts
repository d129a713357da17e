import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { withdrawAnnouncement } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { WithdrawAnnouncementCommand } from './withdraw-announcement.command';
import type { AnnouncementWithdrawn } from './withdraw-announcement.handler';

/** Staff withdraw an announcement; withdrawing it again answers the idempotent success. */
@Controller()
export class WithdrawAnnouncementController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(withdrawAnnouncement)
  async withdraw(
    @ValidatedInput() { params }: CallInput<typeof withdrawAnnouncement>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const { announcementId } = params;
    const { appended, alreadyWithdrawn } = await this.commandBus.execute<
      WithdrawAnnouncementCommand,
      AnnouncementWithdrawn
    >(new WithdrawAnnouncementCommand({ announcementId }, commandContext(request)));
    return { ...acknowledge(response, appended), announcementId, alreadyWithdrawn };
  }
}
