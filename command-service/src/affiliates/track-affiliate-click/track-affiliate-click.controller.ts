import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { trackAffiliateClick } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput, acknowledge, commandContext } from '@app/server-kit';
import type { Appended } from '../../infrastructure/event-appender';
import { TrackAffiliateClickCommand } from './track-affiliate-click.command';

/** The page the visitor landed on, from the Referer header, when it is a usable path. */
function landingPath(request: Request): string | null {
  const referer = request.header('referer');
  if (!referer) return null;
  try {
    const path = new URL(referer).pathname;
    return path.length <= 2000 ? path : null;
  } catch {
    return null;
  }
}

@Controller()
export class TrackAffiliateClickController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(trackAffiliateClick)
  async track(
    @ValidatedInput() { input }: CallInput<typeof trackAffiliateClick>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const code = typeof input === 'string' ? input : input.code;
    const appended = await this.commandBus.execute<TrackAffiliateClickCommand, Appended>(
      new TrackAffiliateClickCommand(code, landingPath(request), commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
