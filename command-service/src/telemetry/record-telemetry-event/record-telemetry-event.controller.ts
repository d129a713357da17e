import { Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { recordEvent } from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  ValidatedInput,
  acknowledge,
  commandContext,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import type { Appended } from '../../infrastructure/event-appender';
import { RecordTelemetryEventCommand } from './record-telemetry-event.command';

@Controller()
export class RecordTelemetryEventController {
  constructor(private readonly commandBus: CommandBus) {}

  @ContractRoute(recordEvent)
  async record(
    @ValidatedInput() { input }: CallInput<typeof recordEvent>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const appended = await this.commandBus.execute<RecordTelemetryEventCommand, Appended>(
      new RecordTelemetryEventCommand(input.type, input.body, input.machineUuid, commandContext(request)),
    );
    return acknowledge(response, appended);
  }
}
