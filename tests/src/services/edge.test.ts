import { randomUUID } from 'node:crypto';
import { MAX_EVENT_DATA_BYTES } from '@app/contracts';
import { type CallOptions, type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';

/*
 * The edge through the gateway: bad input answers an exact 400 and appends nothing, and every
 * endpoint that exists is tested against anonymous, wrong-token and staff callers.
 */
const RECORD_EVENT = '/api/events/v1/event';
const TRACK_CLICK = '/api/subscriptions/v1/affiliates/tracking/click';
const TELEMETRY_DAILY = '/api/staff/v1/telemetry/daily';
const CLICKS_DAILY = '/api/staff/v1/affiliates/clicks/daily';
const SYSTEM_STATUS = '/api/system/v1/status';

let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

const json = 'application/json';
const text = 'text/plain';
const ONLY_CODE_CHARACTERS = 'The affiliate code may contain only letters, digits, dashes and underscores.';

/** The VALIDATION_FAILED answer for these issues, message included. */
function validationFailed(...issues: [path: string, message: string][]) {
  return {
    code: 'VALIDATION_FAILED',
    message: `The request is not valid: ${issues.map(([path, message]) => `${path}: ${message}`).join('; ')}`,
    issues: issues.map(([path, message]) => ({ path, message })),
  };
}

/** A telemetry request whose event data is exactly `bytes` long once serialised. */
function telemetryOfDataSize(bytes: number) {
  const type = 'size-probe';
  const envelope = Buffer.byteLength(JSON.stringify({ eventType: type, body: '' }));
  return { type, body: 'a'.repeat(bytes - envelope) };
}

type BadInput = [name: string, path: string, options: CallOptions, status: number, body: unknown];

const badInputs: BadInput[] = [
  [
    'telemetry without type',
    RECORD_EVENT,
    { json: { body: { a: 1 } } },
    400,
    validationFailed(['body.type', 'Invalid input: expected string, received undefined']),
  ],
  [
    'telemetry with an empty type',
    RECORD_EVENT,
    { json: { type: '' } },
    400,
    validationFailed(['body.type', 'type is required.']),
  ],
  [
    'telemetry with a blank type',
    RECORD_EVENT,
    { json: { type: ' \t ' } },
    400,
    validationFailed(['body.type', 'type is required.']),
  ],
  [
    'telemetry with a type over 100 characters',
    RECORD_EVENT,
    { json: { type: 't'.repeat(101) } },
    400,
    validationFailed(['body.type', 'type is longer than 100 characters.']),
  ],
  [
    'telemetry with a machineUuid over 100 characters',
    RECORD_EVENT,
    { json: { type: 'x', machineUuid: 'm'.repeat(101) } },
    400,
    validationFailed(['body.machineUuid', 'Too big: expected string to have <=100 characters']),
  ],
  [
    'telemetry as a JSON array',
    RECORD_EVENT,
    { json: [{ type: 'x' }] },
    400,
    validationFailed(['body', 'Invalid input: expected object, received array']),
  ],
  [
    'telemetry as text/plain',
    RECORD_EVENT,
    { raw: 'ui-error', headers: { 'content-type': text } },
    400,
    validationFailed(['body', 'Invalid input: expected object, received string']),
  ],
  [
    'malformed JSON',
    RECORD_EVENT,
    { raw: '{"type": "ui-error",', headers: { 'content-type': json } },
    400,
    { code: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' },
  ],
  [
    'malformed JSON on the click',
    TRACK_CLICK,
    { raw: '"unterminated', headers: { 'content-type': json } },
    400,
    { code: 'MALFORMED_REQUEST', message: 'The request body is not valid JSON.' },
  ],
  [
    'telemetry with a bad Idempotency-Key',
    RECORD_EVENT,
    { json: { type: 'x' }, headers: { 'idempotency-key': 'not-a-uuid' } },
    400,
    { code: 'VALIDATION_FAILED', message: 'The Idempotency-Key header must be a UUID.' },
  ],
  [
    'a click with a bad Idempotency-Key',
    TRACK_CLICK,
    { json: 'ada', headers: { 'idempotency-key': `${randomUUID()}0` } },
    400,
    { code: 'VALIDATION_FAILED', message: 'The Idempotency-Key header must be a UUID.' },
  ],
  [
    'an affiliate code with a space',
    TRACK_CLICK,
    { json: 'ada lovelace' },
    400,
    validationFailed(['body', ONLY_CODE_CHARACTERS]),
  ],
  [
    'an affiliate code with a space as { code }',
    TRACK_CLICK,
    { json: { code: 'ada lovelace' } },
    400,
    validationFailed(['body.code', ONLY_CODE_CHARACTERS]),
  ],
  [
    'an affiliate code with a space as text/plain',
    TRACK_CLICK,
    { raw: 'ada lovelace', headers: { 'content-type': text } },
    400,
    validationFailed(['body', ONLY_CODE_CHARACTERS]),
  ],
  [
    'an empty affiliate code',
    TRACK_CLICK,
    { json: '' },
    400,
    validationFailed(['body', 'The affiliate code is empty.'], ['body', ONLY_CODE_CHARACTERS]),
  ],
  [
    'an empty text/plain click',
    TRACK_CLICK,
    { raw: '', headers: { 'content-type': text } },
    400,
    validationFailed(['body', 'The affiliate code is empty.'], ['body', ONLY_CODE_CHARACTERS]),
  ],
  [
    'an affiliate code over 64 characters',
    TRACK_CLICK,
    { json: 'c'.repeat(65) },
    400,
    validationFailed(['body', 'The affiliate code is longer than 64 characters.']),
  ],
  [
    'a click without a body',
    TRACK_CLICK,
    { method: 'POST' },
    400,
    validationFailed(['body', 'Invalid input']),
  ],
  [
    'a JSON body over the 256 kb limit',
    RECORD_EVENT,
    { json: { type: 'x', body: 'a'.repeat(256 * 1024) } },
    413,
    { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  ],
  [
    'a text/plain body over the 16 kb limit',
    TRACK_CLICK,
    { raw: 'a'.repeat(16 * 1024 + 1), headers: { 'content-type': text } },
    413,
    { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  ],
  [
    'telemetry data one byte over the 64 KiB event limit',
    RECORD_EVENT,
    { json: telemetryOfDataSize(MAX_EVENT_DATA_BYTES + 1) },
    400,
    {
      code: 'EVENT_TOO_LARGE',
      message: `The data of TelemetryEventRecorded is ${MAX_EVENT_DATA_BYTES + 1} bytes; the limit is ${MAX_EVENT_DATA_BYTES}.`,
    },
  ],
  [
    'telemetry data of 200 KiB',
    RECORD_EVENT,
    { json: telemetryOfDataSize(200 * 1024) },
    400,
    {
      code: 'EVENT_TOO_LARGE',
      message: `The data of TelemetryEventRecorded is ${200 * 1024} bytes; the limit is ${MAX_EVENT_DATA_BYTES}.`,
    },
  ],
];

describe('bad input answers an exact 400 (or 413) and appends nothing', () => {
  it.each(badInputs)('%s', async (_name, path, options, status, body) => {
    const before = await platform.countEvents();
    const answer = await call(platform.url, path, options);
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
    expect(answer.headers.get('x-event-position')).toBeNull();
    expect(await platform.countEvents()).toBe(before);
  });

  it('accepts the limits themselves: a 100-character type, a 64-character code, 64 KiB of data', async () => {
    const before = await platform.countEvents();
    const answers = [
      await call(platform.url, RECORD_EVENT, { json: { type: 't'.repeat(100) } }),
      await call(platform.url, TRACK_CLICK, { json: 'c'.repeat(64) }),
      await call(platform.url, RECORD_EVENT, { json: telemetryOfDataSize(MAX_EVENT_DATA_BYTES) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await platform.countEvents()).toBe(before + 3);
  });

  it.each(['abc', '12', '1.2.3', '-1.5', '1.-5', ''])(
    'X-Min-Position %j answers 400 INVALID_POSITION',
    async (token) => {
      const answer = await call(platform.url, TELEMETRY_DAILY, {
        token: STAFF_TOKEN,
        headers: { 'x-min-position': token },
      });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: {
          code: 'INVALID_POSITION',
          message: 'X-Min-Position must be a position token such as "1234.56", as answered by a command.',
        },
      });
    },
  );

  it.each<[string, string, unknown]>([
    [`${TELEMETRY_DAILY}?from=yesterday`, 'query.from', 'Use a real date of the form YYYY-MM-DD.'],
    [`${TELEMETRY_DAILY}?type=a&type=b`, 'query.type', 'Invalid input: expected string, received array'],
    [`${CLICKS_DAILY}?code=ada%20lovelace`, 'query.code', ONLY_CODE_CHARACTERS],
  ])('the staff query %s answers 400 on %s', async (path, field, message) => {
    const answer = await call(platform.url, path, { token: STAFF_TOKEN });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 400,
      body: validationFailed([field, message as string]),
    });
  });
});

/* Who may call what is walked for every endpoint in access-matrix.test.ts. */
describe('the staff token', () => {
  it('refuses an anonymous staff call before looking at its input', async () => {
    const answer = await call(platform.url, `${TELEMETRY_DAILY}?from=bad`, {
      headers: { 'x-min-position': 'bad' },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to use this call.' });
  });

  it('refuses a staff call when the server has no usable STAFF_TOKEN, even with the old token', async () => {
    const saved = process.env.STAFF_TOKEN;
    try {
      // Without a usable STAFF_TOKEN the bearer is just a token this platform never issued.
      process.env.STAFF_TOKEN = '';
      expect((await call(platform.url, TELEMETRY_DAILY, { token: STAFF_TOKEN })).body).toMatchObject({
        code: 'INVALID_TOKEN',
      });
      process.env.STAFF_TOKEN = 'short';
      expect((await call(platform.url, TELEMETRY_DAILY, { token: 'short' })).status).toBe(401);
    } finally {
      process.env.STAFF_TOKEN = saved;
    }
    expect((await call(platform.url, TELEMETRY_DAILY, { token: STAFF_TOKEN })).status).toBe(200);
  });
});

describe('the gateway for calls that are not there', () => {
  it('answers 501 NOT_IMPLEMENTED for a contract call without a handler', async () => {
    const answer = await call(platform.url, '/api/users/v1/page_perf/record', { json: {} });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 501,
      body: {
        code: 'NOT_IMPLEMENTED',
        message: 'recordPagePerf is part of the API but not available yet.',
      },
    });
  });

  it.each(['GET', 'POST'] as const)('answers 404 NOT_FOUND for an unknown /api path (%s)', async (method) => {
    const answer = await call(platform.url, '/api/nothing/v1/here?x=1', { method });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: `No API call ${method} /api/nothing/v1/here.` },
    });
  });

  it.each<[string, 'GET' | 'POST', string]>([
    [RECORD_EVENT, 'GET', 'POST'],
    [TRACK_CLICK, 'GET', 'POST'],
    [TELEMETRY_DAILY, 'POST', 'GET'],
    [SYSTEM_STATUS, 'POST', 'GET'],
  ])('answers 405 with Allow for %s by %s', async (path, method, allowed) => {
    const before = await platform.countEvents();
    const answer = await call(platform.url, path, { method, token: STAFF_TOKEN });
    expect({ status: answer.status, allow: answer.headers.get('allow'), body: answer.body }).toEqual({
      status: 405,
      allow: allowed,
      body: { code: 'METHOD_NOT_ALLOWED', message: `${path} answers ${allowed}, not ${method}.` },
    });
    expect(await platform.countEvents()).toBe(before);
  });

  it('serves the web app for other paths', async () => {
    const answer = await call(platform.url, '/some/page');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>test</title>');
  });
});

/* Input PostgreSQL cannot store, or that breaks parsing, is a clear 400, never a 500. */
describe('unstorable input answers 400', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['a NUL character in the body', '{"type":"x","body":"a\\u0000b"}'],
    ['a NUL character in the type', '{"type":"ui\\u0000error"}'],
    ['a NUL character in a key of the body', '{"type":"x","body":{"a\\u0000":1}}'],
    ['a NUL character in the machineUuid', '{"type":"x","machineUuid":"m\\u0000"}'],
    ['a lone surrogate in the body', '{"type":"x","body":"\\ud800"}'],
    ['a lone surrogate in the type', '{"type":"\\udc00"}'],
    ['a body nested 100,000 deep (200 kB)', `{"type":"x","body":${nested(100_000)}}`],
  ])('telemetry with %s answers a 400, not 500 INTERNAL_ERROR', async (_name, raw) => {
    const before = await platform.countEvents();
    const answer = await call(platform.url, RECORD_EVENT, { raw, headers: { 'content-type': json } });
    expect(await platform.countEvents()).toBe(before);
    expect(answer.status).toBe(400);
  });

  it.each(['2024-13-45', '2023-02-30', '0000-01-01'])(
    'the staff query with from=%s (the right shape, not a date) answers 400, not 500',
    async (day) => {
      const answer = await call(platform.url, `${TELEMETRY_DAILY}?from=${day}`, { token: STAFF_TOKEN });
      expect(answer.status).toBe(400);
    },
  );

  it('the staff query with a NUL character in type answers 400, not 500', async () => {
    const answer = await call(platform.url, `${TELEMETRY_DAILY}?type=a%00b`, { token: STAFF_TOKEN });
    expect(answer.status).toBe(400);
  });

  it('a malformed percent-encoding in a path parameter answers a JSON 4xx, not an HTML 500 with a stack trace', async () => {
    // Anonymous, through the gateway: pathMatcher's decodeURIComponent throws in the gateway.
    const answer = await call(platform.url, '/api/staff/v1/projections/%E0%A4%A/rebuild', { json: {} });
    expect(String(answer.body)).not.toContain('URIError');
    expect(answer.headers.get('content-type')).toMatch(/json/);
    expect(answer.status).toBeLessThan(500);
  });
});
