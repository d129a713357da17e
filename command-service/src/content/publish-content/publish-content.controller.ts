import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { EVENT_POSITION_HEADER, publishContent } from '@app/contracts';
import { ContractRoute, commandContext } from '@app/server-kit';
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
  async publish(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const report = await this.commandBus.execute<PublishContentCommand, PublishReport>(
      new PublishContentCommand(commandContext(request)),
    );
    if (report.position) response.setHeader(EVENT_POSITION_HEADER, report.position);
    return report;
  }
}
