import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { trackAffiliateClick } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
  headerOf,
} from '@app/server-kit';
import type { Appended } from '../../infrastructure/event-appender';
import { TrackAffiliateClickCommand } from './track-affiliate-click.command';

/** The page the visitor landed on, from the Referer header, when it is a usable path. */
function landingPath(request: HttpRequest): string | null {
  const referer = headerOf(request, 'referer');
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
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const code = typeof input === 'string' ? input : input.code;
    const appended = await this.commandBus.execute<TrackAffiliateClickCommand, Appended>(
      new TrackAffiliateClickCommand(code, landingPath(request), commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
