import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';

/* A query that asks for a position the read models never reach waits its bound, then says so. */
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

it('answers 503 READ_MODEL_NOT_CAUGHT_UP with Retry-After after waiting 5 s for a future position', async () => {
  const future = '999999999999.1';
  const started = Date.now();
  const answer = await call(platform.url, '/api/staff/v1/telemetry/daily', {
    token: STAFF_TOKEN,
    headers: { 'x-min-position': future },
  });
  const waited = Date.now() - started;

  expect({ status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body }).toEqual(
    {
      status: 503,
      retryAfter: '1',
      body: {
        code: 'READ_MODEL_NOT_CAUGHT_UP',
        message: `The read models (telemetry-daily) did not reach position ${future} within 5000 ms; try again shortly.`,
      },
    },
  );
  expect(waited).toBeGreaterThanOrEqual(4900);
  expect(waited).toBeLessThan(8000);
});
