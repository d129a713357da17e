import type { CommandContext } from '@app/server-kit';

export class RecordTelemetryEventCommand {
  constructor(
    readonly eventType: string,
    readonly body: unknown,
    readonly machineUuid: string | undefined,
    readonly context: CommandContext,
  ) {}
}
