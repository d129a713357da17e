import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { NewEvent } from '@app/server-kit';
import { type Appended, EventAppender } from '../../infrastructure/event-appender';
import { RecordTelemetryEventCommand } from './record-telemetry-event.command';

const SAFE_STREAM_PART = /^[\w-]{1,100}$/;

/** Telemetry has no invariant to protect: every valid event is appended. */
export function decide(command: RecordTelemetryEventCommand): NewEvent<'TelemetryEventRecorded'>[] {
  return [
    {
      type: 'TelemetryEventRecorded',
      eventId: command.context.idempotencyKey,
      data: { eventType: command.eventType, body: command.body, machineUuid: command.machineUuid },
    },
  ];
}

@CommandHandler(RecordTelemetryEventCommand)
export class RecordTelemetryEventHandler implements ICommandHandler<RecordTelemetryEventCommand, Appended> {
  constructor(private readonly appender: EventAppender) {}

  execute(command: RecordTelemetryEventCommand): Promise<Appended> {
    const events = decide(command);
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
