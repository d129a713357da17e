import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Appended, EventAppender } from '../../infrastructure/event-appender';
import { RecordTelemetryEventCommand } from './record-telemetry-event.command';
import { decideRecordTelemetryEvent } from './decide-record-telemetry-event';

const SAFE_STREAM_PART = /^[\w-]{1,100}$/;

@CommandHandler(RecordTelemetryEventCommand)
export class RecordTelemetryEventHandler implements ICommandHandler<RecordTelemetryEventCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: RecordTelemetryEventCommand): Promise<Appended> {
    const events = decideRecordTelemetryEvent(command);
    // One stream per machine keeps a device's events in order without making all clients contend.
    const perMachine = command.machineUuid !== undefined && SAFE_STREAM_PART.test(command.machineUuid);
    const owner = perMachine ? command.machineUuid : (command.context.idempotencyKey ?? randomUUID());
    return this.appender.append(`telemetry-${owner}`, events, {
      // Without a machine, each event is a stream of its own: nothing to wait for.
      expectedState: perMachine ? 'any' : 'no_stream',
      actor: command.context.actor,
      correlationId: command.context.correlationId,
    });
  }
}
