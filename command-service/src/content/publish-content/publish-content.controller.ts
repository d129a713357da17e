import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EVENT_POSITION_HEADER, publishContent } from '@app/contracts';
import { ContractRoute, commandContext, type HttpRequest, type HttpResponse } from '@app/server-kit';
import type { PublishReport } from '../publish';
import { PublishContentCommand } from './publish-content.command';

/**
 * Staff publish the content folder again (after a deployment changed it, or to see what changed).
 * The report is the answer; the position header is set only when something was appended.
 */
@Controller()
export class PublishContentController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(publishContent)
  async publish(@Req() request: HttpRequest, @Res({ passthrough: true }) response: HttpResponse) {
    const report = await this.commandBus.execute<PublishContentCommand, PublishReport>(
      new PublishContentCommand(commandContext(request)),
    );
    if (report.position) response.header(EVENT_POSITION_HEADER, report.position);
    return report;
  }
}
