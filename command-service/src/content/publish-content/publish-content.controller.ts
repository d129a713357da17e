import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EVENT_POSITION_HEADER, publishContent, DomainError } from '@app/contracts';
import { ContractRoute, commandContext } from '@app/server-kit';
import { ContentError } from '../content-files';
import { ContentPublisher } from './content-publisher';

/** Staff publish the content folder again (after a deployment changed it, or to see what changed). */
@Controller()
export class PublishContentController {
  constructor(private readonly publisher: ContentPublisher) {}

  @ContractRoute(publishContent)
  async publish(@Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const context = commandContext(request);
    try {
      const report = await this.publisher.publish(context.actor);
      if (report.position) response.setHeader(EVENT_POSITION_HEADER, report.position);
      return report;
    } catch (error) {
      if (error instanceof ContentError) throw new DomainError('CONTENT_INVALID', error.message);
      throw error;
    }
  }
}
