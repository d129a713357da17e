import { randomUUID } from 'node:crypto';
import { PgEventStore } from '@app/server-kit';
import { affiliateClicksDaily, telemetryDailyCounts } from '@app/contracts';
import {
  type Platform,
  STAFF_TOKEN,
  call,
  latestPosition,
  startPlatform,
  utcToday,
} from './platform-harness';

/*
 * The spine's two slices end to end through the gateway: a command appends, a staff query sent
 * with the command's position reads its own write at once, and retries count once.
 */
const RECORD_EVENT = '/api/events/v1/event';
const TRACK_CLICK = '/api/subscriptions/v1/affiliates/tracking/click';
const TELEMETRY_DAILY = '/api/staff/v1/telemetry/daily';
const CLICKS_DAILY = '/api/staff/v1/affiliates/clicks/daily';

type Ack = { position: string };

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** A name no other test uses, so counts never mix. */
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A command that must succeed; answers its position after checking body and header agree. */
async function command(path: string, options: Parameters<typeof call>[2]): Promise<string> {
  const answer = await call<Ack>(platform.url, path, options);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ position: expect.stringMatching(/^\d+\.\d+$/) });
  expect(answer.headers.get('x-event-position')).toBe(answer.body.position);
  return answer.body.position;
}

const recordEvent = (body: unknown, headers?: Record<string, string>) =>
  command(RECORD_EVENT, { json: body, headers });

async function telemetryDaily(query: string, minPosition: string) {
  const answer = await call(platform.url, `${TELEMETRY_DAILY}${query}`, {
    token: STAFF_TOKEN,
    headers: { 'x-min-position': minPosition },
  });
  expect(answer.status).toBe(200);
  return telemetryDailyCounts.response.parse(answer.body).rows;
}

async function clicksDaily(query: string, minPosition: string) {
  const answer = await call(platform.url, `${CLICKS_DAILY}${query}`, {
    token: STAFF_TOKEN,
    headers: { 'x-min-position': minPosition },
  });
  expect(answer.status).toBe(200);
  return affiliateClicksDaily.response.parse(answer.body).rows;
}

/** Totals per key over the rows of `keys`, checking every row is dated today (UTC). */
function totals<R extends { day: string; count: number }>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  keys: readonly string[],
  days: readonly string[],
): Record<string, number> {
  const mine = rows.filter((row) => keys.includes(keyOf(row)));
  for (const row of mine) expect(days).toContain(row.day);
  return Object.fromEntries(
    keys.map((key) => [key, mine.filter((r) => keyOf(r) === key).reduce((sum, r) => sum + r.count, 0)]),
  );
}

const storedEvents = async (where: string, values: unknown[]) =>
  (
    await platform.pool.query<{
      stream_id: string;
      event_id: string;
      type: string;
      data: unknown;
      metadata: unknown;
    }>(
      `SELECT stream_id, event_id, type, data, metadata FROM es_events WHERE ${where} ORDER BY position`,
      values,
    )
  ).rows;

describe('telemetry: POST /api/events/v1/event and the staff daily counts', () => {
  it('appends one TelemetryEventRecorded with the request as its data and its metadata', async () => {
    const type = unique('ui-error');
    const correlationId = randomUUID();
    const before = await platform.countEvents();

    await recordEvent(
      { type, body: { message: 'boom', line: 3 }, machineUuid: 'machine-1' },
      { 'x-correlation-id': correlationId },
    );

    expect(await platform.countEvents()).toBe(before + 1);
    const [event] = await storedEvents(`data->>'eventType' = $1`, [type]);
    expect(event).toMatchObject({
      stream_id: 'telemetry-machine-1',
      type: 'TelemetryEventRecorded',
      data: { eventType: type, body: { message: 'boom', line: 3 }, machineUuid: 'machine-1' },
      metadata: { correlationId, causationId: correlationId, actor: { kind: 'anonymous' }, schemaVersion: 1 },
    });
  });

  it('reads its own writes: each query sent with the last position already counts that event', async () => {
    const type = unique('forced-refresh');
    for (let sent = 1; sent <= 5; sent++) {
      const day = utcToday();
      const position = await recordEvent({ type });
      const rows = await telemetryDaily(`?type=${type}`, position);
      expect(totals(rows, (r) => r.type, [type], [day, utcToday()])).toEqual({ [type]: sent });
    }
  });

  it('counts per type per UTC day over concurrent appends, and filters by type and day', async () => {
    const [crash, uiError, network] = [unique('crash'), unique('ui-error'), unique('network-error')];
    const day = utcToday();
    const positions = await Promise.all(
      [crash, crash, crash, uiError, uiError, network].map((type) => recordEvent({ type, body: { n: 1 } })),
    );
    // The latest token covers every append before it in the global order.
    const last = latestPosition(positions);
    const days = [day, utcToday()];

    const all = await telemetryDaily('', last);
    expect(totals(all, (r) => r.type, [crash, uiError, network], days)).toEqual({
      [crash]: 3,
      [uiError]: 2,
      [network]: 1,
    });

    const onlyUiErrors = await telemetryDaily(`?type=${uiError}`, last);
    expect(onlyUiErrors.map((r) => r.type)).toEqual([uiError]);
    expect(totals(onlyUiErrors, (r) => r.type, [uiError], days)).toEqual({ [uiError]: 2 });

    const today = utcToday();
    const fromToday = await telemetryDaily(`?type=${crash}&from=${day}&to=${today}`, last);
    expect(totals(fromToday, (r) => r.type, [crash], days)).toEqual({ [crash]: 3 });
    expect(await telemetryDaily(`?type=${crash}&from=2999-01-01`, last)).toEqual([]);
    expect(await telemetryDaily(`?type=${crash}&to=2000-01-01`, last)).toEqual([]);
  });

  it('counts a type with surrounding spaces as the trimmed type', async () => {
    const type = unique('trimmed');
    await recordEvent({ type });
    const position = await recordEvent({ type: `  ${type}\t` });
    const rows = await telemetryDaily(`?type=${type}`, position);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(2);
  });
});

describe('affiliate clicks: POST /api/subscriptions/v1/affiliates/tracking/click and the daily counts', () => {
  it('takes the code as a JSON string, as text/plain and as { code }, and counts per code per day', async () => {
    const [ada, bob] = [unique('ada'), unique('bob')];
    const day = utcToday();
    const positions = [
      await command(TRACK_CLICK, { json: ada }),
      await command(TRACK_CLICK, { raw: ada, headers: { 'content-type': 'text/plain' } }),
      await command(TRACK_CLICK, {
        raw: `${ada}\n`,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
      await command(TRACK_CLICK, { json: { code: ada } }),
      await command(TRACK_CLICK, { json: { code: bob } }),
      await command(TRACK_CLICK, { json: bob }),
    ];
    const last = latestPosition(positions);
    const days = [day, utcToday()];

    const all = await clicksDaily('', last);
    expect(totals(all, (r) => r.affiliateCode, [ada, bob], days)).toEqual({ [ada]: 4, [bob]: 2 });

    const onlyBob = await clicksDaily(`?code=${bob}`, last);
    expect(onlyBob.map((r) => r.affiliateCode)).toEqual([bob]);
    expect(totals(onlyBob, (r) => r.affiliateCode, [bob], days)).toEqual({ [bob]: 2 });
    expect(await clicksDaily(`?code=${unique('nobody')}`, last)).toEqual([]);
  });

  it('stores the landing path from the Referer in the AffiliateLinkClicked event, on the code stream', async () => {
    const code = unique('carol');
    await command(TRACK_CLICK, {
      json: code,
      headers: { referer: 'https://example.com/products/algoexpert?r=carol#top' },
    });
    await command(TRACK_CLICK, { json: code, headers: { referer: 'not a url' } });
    const events = await storedEvents(`data->>'affiliateCode' = $1`, [code]);
    expect(events).toMatchObject([
      {
        stream_id: `affiliate-${code}`,
        type: 'AffiliateLinkClicked',
        data: { affiliateCode: code, landingPath: '/products/algoexpert' },
      },
      { stream_id: `affiliate-${code}`, data: { affiliateCode: code, landingPath: null } },
    ]);
  });
});

describe('Idempotency-Key: a retried command counts once', () => {
  it('the same key sent twice stores one event (with the key as its id) and answers the same position', async () => {
    const type = unique('retried');
    const key = randomUUID();
    const before = await platform.countEvents();

    const first = await recordEvent({ type }, { 'idempotency-key': key });
    const retry = await recordEvent({ type }, { 'idempotency-key': key });

    expect(retry).toBe(first);
    expect(await platform.countEvents()).toBe(before + 1);
    expect((await storedEvents('event_id = $1', [key])).map((e) => e.type)).toEqual([
      'TelemetryEventRecorded',
    ]);
    expect(await telemetryDaily(`?type=${type}`, retry)).toEqual([
      { day: expect.any(String), type, count: 1 },
    ]);
  });

  it('ten concurrent clicks with one key (a double click) store one event and all answer its position', async () => {
    const code = unique('double');
    const key = randomUUID();
    const before = await platform.countEvents();

    const positions = await Promise.all(
      Array.from({ length: 10 }, () =>
        command(TRACK_CLICK, { json: code, headers: { 'idempotency-key': key } }),
      ),
    );

    expect(new Set(positions).size).toBe(1);
    expect(await platform.countEvents()).toBe(before + 1);
    expect(await storedEvents('event_id = $1', [key])).toHaveLength(1);
    expect(await clicksDaily(`?code=${code}`, positions[0])).toEqual([
      { day: expect.any(String), affiliateCode: code, count: 1 },
    ]);
  });

  it('ten concurrent telemetry events with one key store one event', async () => {
    const type = unique('double-telemetry');
    const key = randomUUID();
    const before = await platform.countEvents();
    const positions = await Promise.all(
      Array.from({ length: 10 }, () => recordEvent({ type }, { 'idempotency-key': key })),
    );
    expect(new Set(positions).size).toBe(1);
    expect(await platform.countEvents()).toBe(before + 1);
    expect(await telemetryDaily(`?type=${type}`, positions[0])).toEqual([
      { day: expect.any(String), type, count: 1 },
    ]);
  });

  it('a key already used by another command is refused with 400 DUPLICATE_EVENT_ID and stores nothing', async () => {
    const key = randomUUID();
    const code = unique('reused');
    await recordEvent({ type: unique('first-use') }, { 'idempotency-key': key });
    const before = await platform.countEvents();

    const answer = await call(platform.url, TRACK_CLICK, { json: code, headers: { 'idempotency-key': key } });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'DUPLICATE_EVENT_ID',
      message: `Some event ids of this append to affiliate-${code} are already stored in another append or stream.`,
    });
    expect(await platform.countEvents()).toBe(before);
  });

  it('the same key in upper case is the same UUID: the retry is answered idempotently', async () => {
    const key = randomUUID();
    const type = unique('case');
    const first = await recordEvent({ type }, { 'idempotency-key': key });
    const retry = await call<Ack>(platform.url, RECORD_EVENT, {
      json: { type },
      headers: { 'idempotency-key': key.toUpperCase() },
    });
    expect({ status: retry.status, body: retry.body }).toEqual({ status: 200, body: { position: first } });
  });

  it('a key reused with a different body is refused with DUPLICATE_EVENT_ID', async () => {
    const key = randomUUID();
    await recordEvent({ type: unique('original') }, { 'idempotency-key': key });
    const reused = await call(platform.url, RECORD_EVENT, {
      json: { type: unique('different') },
      headers: { 'idempotency-key': key },
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'DUPLICATE_EVENT_ID' });
  });

  it('a key appended concurrently to another stream answers 400 DUPLICATE_EVENT_ID, not 500', async () => {
    const key = randomUUID();
    const client = await platform.pool.connect();
    try {
      await client.query('BEGIN');
      await new PgEventStore(client, { notify: false }).append(`telemetry-${unique('other-writer')}`, [
        { type: 'TelemetryEventRecorded', eventId: key, data: { eventType: unique('first-writer') } },
      ]);
      const answer = call(platform.url, RECORD_EVENT, {
        json: { type: unique('second') },
        headers: { 'idempotency-key': key },
      });
      await untilAppendWaitsOnALock();
      await client.query('COMMIT');
      const { status, body } = await answer;
      expect({ status, code: (body as { code?: string }).code }).toEqual({
        status: 400,
        code: 'DUPLICATE_EVENT_ID',
      });
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });
});

/** Waits until some backend of this database waits on a lock (the second append, on event_id's index). */
async function untilAppendWaitsOnALock(): Promise<void> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const waiting = await platform.pool.query(
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (waiting.rowCount) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the second append never waited on the first');
}
