import { type Actor, VISIT_EVENT, invalidField, visitBodySchema } from '@app/contracts';
import type { NewEvent } from '@app/server-kit';
import type { RecordTelemetryEventCommand } from './record-telemetry-event.command';

/** The account a call was made by: a signed-in learner or staff member; none for an anonymous visitor. */
function signedInAccount(actor: Actor): string | null {
  return (actor.kind === 'user' || actor.kind === 'staff') && actor.id ? actor.id : null;
}

/** The host of a referring page, or null (no referrer, or not a web address): the rest of it is not kept. */
function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/**
 * Telemetry has no invariant to protect: every valid event is appended. A visit is the one telemetry
 * type with a shape of its own (the learner funnel reads it): it needs the machine id and a page, and
 * its account is the one the server signed in, whatever the body says.
 */
export function decideRecordTelemetryEvent(
  command: RecordTelemetryEventCommand,
): NewEvent<'TelemetryEventRecorded' | 'SiteVisited'>[] {
  const eventId = command.context.idempotencyKey;
  if (command.eventType !== VISIT_EVENT)
    return [
      {
        type: 'TelemetryEventRecorded',
        eventId,
        data: { eventType: command.eventType, body: command.body, machineUuid: command.machineUuid },
      },
    ];
  if (!command.machineUuid) throw invalidField('machineUuid', 'a visit needs the machine id.');
  const body = visitBodySchema.safeParse(command.body ?? {});
  if (!body.success) {
    const issue = body.error.issues[0]!;
    throw invalidField(['body', ...issue.path].join('.'), issue.message);
  }
  return [
    {
      type: 'SiteVisited',
      eventId,
      data: {
        machineUuid: command.machineUuid,
        userId: signedInAccount(command.context.actor),
        path: body.data.path,
        referrerHost: referrerHost(body.data.referrer),
      },
    },
  ];
}
