import type http from 'node:http';
import { randomUUID } from 'node:crypto';
import { systemStatus, telemetryDailyCounts } from '@app/contracts';
import { createGateway } from '@app/infra/gateway';
import { freePort } from '@app/infra/free-port';
import { type Platform, STAFF_TOKEN, call, latestPosition, startPlatform } from './platform-harness';

/*
 * What operators rely on: health, readiness and metrics of each service, the gateway's view of
 * them, and rebuilding a projection from the events while the platform keeps serving.
 */
const RECORD_EVENT = '/api/events/v1/event';
const TELEMETRY_DAILY = '/api/staff/v1/telemetry/daily';
const CLICKS_DAILY = '/api/staff/v1/affiliates/clicks/daily';
const SYSTEM_STATUS = '/api/system/v1/status';
const rebuildPath = (name: string) => `/api/staff/v1/projections/${name}/rebuild`;

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

async function recordEvent(type: string): Promise<string> {
  const answer = await call<{ position: string }>(platform.url, RECORD_EVENT, { json: { type } });
  expect(answer.status).toBe(200);
  return answer.body.position;
}

async function telemetryDaily(minPosition: string) {
  const answer = await call(platform.url, TELEMETRY_DAILY, {
    token: STAFF_TOKEN,
    headers: { 'x-min-position': minPosition },
  });
  expect(answer.status).toBe(200);
  return telemetryDailyCounts.response.parse(answer.body).rows;
}

async function projectionStatus(name: string) {
  const answer = await call(platform.url, SYSTEM_STATUS);
  expect(answer.status).toBe(200);
  const status = systemStatus.response.parse(answer.body);
  const projection = status.projections.find((p) => p.name === name);
  if (!projection) throw new Error(`no projection ${name} in the status`);
  return projection;
}

/** Polls the (half-second cached) status until the projection is idle again. */
async function untilIdle(name: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const projection = await projectionStatus(name);
    if (projection.state === 'idle' || Date.now() > deadline) return projection;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function rebuild(name: string) {
  const answer = await call(platform.url, rebuildPath(name), { json: {}, token: STAFF_TOKEN });
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: 200,
    body: { name, state: 'rebuilding' },
  });
}

// First, while the store is still empty (tests in a file run in order).
describe('rebuild of an empty event store', () => {
  it('finishes at once and the query serves again', async () => {
    expect(await platform.countEvents()).toBe(0);
    await rebuild('telemetry-daily');
    expect(await telemetryDaily('0.0')).toEqual([]);
    const idle = await untilIdle('telemetry-daily');
    expect(idle).toMatchObject({ state: 'idle', rebuildProgress: null });
    // Its figures stay on the status: nothing to replay, so no events and no rate.
    expect(idle.rebuild).toMatchObject({ eventsDone: 0, eventsTotal: 0, eventsPerSecond: 0 });
    expect(idle.rebuild?.finishedAt).not.toBeNull();
  });
});

describe('health, readiness and metrics', () => {
  it.each(['command-service', 'projection-service'] as const)('%s is live and ready', async (service) => {
    const url = service === 'command-service' ? platform.commandServiceUrl : platform.projectionServiceUrl;
    const live = await call(url, '/health/live');
    const ready = await call(url, '/health/ready');
    expect({ status: live.status, body: live.body }).toEqual({ status: 200, body: { status: 'ok' } });
    expect({ status: ready.status, body: ready.body }).toEqual({ status: 200, body: { status: 'ready' } });
  });

  it('the command-service exposes the append latency histogram, with the appends counted', async () => {
    await recordEvent(unique('metrics'));
    const answer = await call<string>(platform.commandServiceUrl, '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.body).toContain('# TYPE event_store_append_duration_seconds histogram');
    const count = /^event_store_append_duration_seconds_count\{[^}]*outcome="ok"[^}]*\} (\d+)$/m.exec(
      answer.body,
    );
    expect(Number(count?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('the projection-service exposes the lag of each projection', async () => {
    const answer = await call<string>(platform.projectionServiceUrl, '/metrics');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.body).toContain('# TYPE projection_lag_seconds gauge');
    for (const name of ['telemetry-daily', 'affiliate-clicks-daily']) {
      expect(answer.body).toMatch(
        new RegExp(`^projection_lag_seconds\\{[^}]*projection="${name}"[^}]*\\} [\\d.e+-]+$`, 'm'),
      );
    }
  });

  it("the gateway's /health reports both services ready", async () => {
    const answer = await call(platform.url, '/health');
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 200,
      body: { status: 'ready', services: { 'command-service': 'ready', 'projection-service': 'ready' } },
    });
  });

  it('a gateway whose projection-service is down reports it, answers its queries 503 and still takes commands', async () => {
    const [port, deadPort] = await Promise.all([freePort(), freePort()]);
    const gateway: http.Server = createGateway({
      port,
      host: '127.0.0.1',
      services: {
        'command-service': platform.commandServiceUrl,
        'projection-service': `http://127.0.0.1:${deadPort}`,
      },
      webDist: '/nonexistent',
    });
    await new Promise<void>((resolve) => gateway.listen(port, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${port}`;
      const health = await call(url, '/health');
      expect({ status: health.status, body: health.body }).toEqual({
        status: 503,
        body: { status: 'degraded', services: { 'command-service': 'ready', 'projection-service': 'down' } },
      });
      const query = await call(url, TELEMETRY_DAILY, { token: STAFF_TOKEN });
      expect({ status: query.status, body: query.body }).toEqual({
        status: 503,
        body: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The service behind this call is not answering; try again shortly.',
        },
      });
      expect((await call(url, RECORD_EVENT, { json: { type: unique('degraded') } })).status).toBe(200);
    } finally {
      gateway.closeAllConnections();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });
});

describe('rebuild a projection from the events', () => {
  it('replaces a corrupted read model with the counts the events give', async () => {
    const [crash, uiError] = [unique('crash'), unique('ui-error')];
    const positions = [];
    for (const type of [crash, crash, crash, uiError, uiError]) positions.push(await recordEvent(type));
    const last = latestPosition(positions);
    const before = await telemetryDaily(last);
    expect(before.filter((r) => [crash, uiError].includes(r.type)).map((r) => [r.type, r.count])).toEqual(
      expect.arrayContaining([
        [crash, 3],
        [uiError, 2],
      ]),
    );

    // Damage the read model behind the platform's back: the query shows it...
    await platform.pool.query('UPDATE rm_telemetry_daily SET count = count + 100');
    expect((await telemetryDaily(last)).map((r) => r.count)).toEqual(before.map((r) => r.count + 100));

    // ...and the rebuild replays every event into an empty model.
    await rebuild('telemetry-daily');
    expect(['rebuilding', 'idle']).toContain((await projectionStatus('telemetry-daily')).state);
    // X-Min-Position waits until the rebuilt projection is running again and past the position.
    expect(await telemetryDaily(last)).toEqual(before);
    const idle = await untilIdle('telemetry-daily');
    expect(idle).toMatchObject({ state: 'idle', rebuildProgress: null, eventsBehind: 0 });
    // The finished rebuild's figures: every event up to the head at its start, its time and rate.
    const figures = idle.rebuild!;
    expect(figures.eventsDone).toBe(figures.eventsTotal);
    expect(figures.eventsDone).toBeGreaterThanOrEqual(positions.length);
    expect(figures.elapsedMs).toBe(Date.parse(figures.finishedAt!) - Date.parse(figures.startedAt));
    expect(figures.eventsPerSecond).toBe(
      figures.elapsedMs > 0 ? Math.round((figures.eventsDone * 1000) / figures.elapsedMs) : 0,
    );
  });

  it('counts once an event appended while the rebuild runs', async () => {
    const type = unique('during-rebuild');
    const first = await recordEvent(type);
    const before = await telemetryDaily(first);

    await rebuild('telemetry-daily');
    const during = await recordEvent(type);

    const after = await telemetryDaily(during);
    expect(after.find((r) => r.type === type)?.count).toBe(2);
    expect(after.filter((r) => r.type !== type)).toEqual(before.filter((r) => r.type !== type));
  });

  it('ends with exactly the counts of the stored events when rebuilt twice while appends pour in', async () => {
    const types = [unique('storm-a'), unique('storm-b'), unique('storm-c')];
    const append = (i: number) => recordEvent(types[i % types.length]);
    const positions = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => append(i)),
      rebuild('telemetry-daily'),
      ...Array.from({ length: 40 }, (_, i) => append(i)),
      rebuild('telemetry-daily'),
      ...Array.from({ length: 40 }, (_, i) => append(i)),
    ]);
    const last = latestPosition(positions.filter((p): p is string => typeof p === 'string'));

    const rows = await telemetryDaily(last);
    const truth = await platform.pool.query<{ day: string; type: string; count: number }>(
      `SELECT substr(metadata->>'occurredAt', 1, 10) AS day, data->>'eventType' AS type, count(*)::int AS count
         FROM es_events WHERE type = 'TelemetryEventRecorded'
        GROUP BY 1, 2 ORDER BY 1 DESC, 2`,
    );
    expect(rows).toEqual(truth.rows);
    expect(rows.filter((r) => types.includes(r.type)).reduce((sum, r) => sum + r.count, 0)).toBe(120);
  });

  it('rebuilds a projection none of whose events exist yet to an empty model', async () => {
    const last = await recordEvent(unique('not-a-click'));
    await rebuild('affiliate-clicks-daily');
    const answer = await call(platform.url, CLICKS_DAILY, {
      token: STAFF_TOKEN,
      headers: { 'x-min-position': last },
    });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { rows: [] } });
  });

  it('answers 404 NOT_FOUND for an unknown projection, and changes nothing', async () => {
    const answer = await call(platform.url, rebuildPath('no-such-projection'), {
      json: {},
      token: STAFF_TOKEN,
    });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'There is no projection named no-such-projection.' },
    });
    expect((await projectionStatus('telemetry-daily')).state).not.toBe('rebuilding');
  });
});
