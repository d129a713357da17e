import type { CommandContext } from '../../infrastructure/request-context';

export class RecordTelemetryEventCommand {
  constructor(
    readonly eventType: string,
    readonly body: unknown,
    readonly machineUuid: string | undefined,
    readonly context: CommandContext,
  ) {}
}
