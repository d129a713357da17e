import { Controller, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { UI_VERSION_BOUNDS_STREAM, setUiVersionBounds } from '@app/contracts';
import { type CallInput, ContractRoute, ValidatedInput, acknowledge, commandContext } from '@app/server-kit';
import { EventAppender } from '../../infrastructure/event-appender';

/** Staff move the web build bounds; the version check reads them from a projection. */
@Controller()
export class SetUiVersionBoundsController {
  constructor(private readonly appender: EventAppender) {}

  @ContractRoute(setUiVersionBounds)
  async set(
    @ValidatedInput() { input }: CallInput<typeof setUiVersionBounds>,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const context = commandContext(request);
    const appended = await this.appender.append(
      UI_VERSION_BOUNDS_STREAM,
      [{ type: 'UiVersionBoundsSet', data: input }],
      { actor: context.actor, correlationId: context.correlationId },
    );
    return acknowledge(response, appended);
  }
}
