import { randomUUID } from 'node:crypto';
import type { ExpectedState, NewEvent, PgEventStore } from '@app/server-kit';
import { type Percentiles, RateTimeline, percentiles, round } from './support';

export type AppendLoad = {
  writers: number;
  eventsPerAppend: number;
  durationMs: number;
};

export type AppendMeasurement = {
  eventsPerSecond: number;
  events: number;
  appends: number;
  seconds: number;
  writers: number;
  eventsPerAppend: number;
  appendLatencyMs: Percentiles;
  /** Events appended in each full second: a falling series means the store slows as it grows. */
  perSecond: number[];
};

const TELEMETRY_TYPES = ['ui-error', 'network-error', 'forced-refresh', 'crash'];

/** Mostly telemetry with a click every fifth event, shaped like what the services append. */
function benchEvent(seq: number): NewEvent {
  if (seq % 5 === 4) {
    return {
      type: 'AffiliateLinkClicked',
      data: { affiliateCode: `bench${seq % 97}`, landingPath: '/pricing' },
    };
  }
  return {
    type: 'TelemetryEventRecorded',
    data: {
      eventType: TELEMETRY_TYPES[seq % TELEMETRY_TYPES.length],
      body: { message: 'benchmark event', seq, path: '/problems/two-sum' },
    },
  };
}

/**
 * Closed-loop appends: each writer owns one stream, appends as soon as its previous append
 * answered and checks the exact expected revision (the usual optimistic-concurrency path).
 * The clock stops when the last in-flight append after the deadline has answered.
 */
export async function measureAppends(store: PgEventStore, load: AppendLoad): Promise<AppendMeasurement> {
  const run = randomUUID().slice(0, 8);
  const latencies: number[] = [];
  let events = 0;
  let appends = 0;
  const start = performance.now();
  const deadline = start + load.durationMs;
  const timeline = new RateTimeline(start);
  await Promise.all(
    Array.from({ length: load.writers }, async (_, writer) => {
      const streamId = `bench-${run}-${load.eventsPerAppend}-${writer}`;
      let expected: ExpectedState = 'no_stream';
      let seq = 0;
      while (performance.now() < deadline) {
        const batch = Array.from({ length: load.eventsPerAppend }, () => benchEvent(seq++));
        const sent = performance.now();
        const result = await store.append(streamId, batch, { expectedState: expected });
        const answered = performance.now();
        latencies.push(answered - sent);
        timeline.add(batch.length, answered);
        expected = result.streamRevision;
        events += batch.length;
        appends++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    eventsPerSecond: Math.round(events / seconds),
    events,
    appends,
    seconds: round(seconds, 2),
    writers: load.writers,
    eventsPerAppend: load.eventsPerAppend,
    appendLatencyMs: percentiles(latencies),
    perSecond: timeline.perSecond(),
  };
}
