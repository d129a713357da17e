import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';

let p: Platform;
beforeAll(async () => {
  p = await startPlatform();
});
afterAll(async () => {
  await p?.close();
});

it('probe', async () => {
  const E = '/api/events/v1/event';
  const A = '/api/subscriptions/v1/affiliates/tracking/click';
  const out: unknown[] = [];
  const log = async (label: string, pr: Promise<{ status: number; body: unknown; headers: Headers }>) => {
    const r = await pr;
    out.push([label, r.status, r.body, r.headers.get('x-event-position')]);
  };
  await log('ok', call(p.url, E, { json: { type: 'ui-error', body: { a: 1 } } }));
  await log('missing type', call(p.url, E, { json: {} }));
  await log('empty type', call(p.url, E, { json: { type: '  ' } }));
  await log('long type', call(p.url, E, { json: { type: 'x'.repeat(101) } }));
  await log('malformed', call(p.url, E, { raw: '{"type":', headers: { 'content-type': 'application/json' } }));
  await log('aff spaces', call(p.url, A, { json: 'a b' }));
  await log('aff empty', call(p.url, A, { json: '' }));
  await log('aff long', call(p.url, A, { json: 'a'.repeat(65) }));
  await log('aff obj', call(p.url, A, { json: { code: 'a b' } }));
  await log('aff text', call(p.url, A, { raw: 'abc', headers: { 'content-type': 'text/plain' } }));
  await log('aff text bad', call(p.url, A, { raw: 'a b', headers: { 'content-type': 'text/plain' } }));
  await log('bad idem', call(p.url, E, { json: { type: 'x' }, headers: { 'idempotency-key': 'nope' } }));
  await log('bad minpos', call(p.url, '/api/staff/v1/telemetry/daily', { token: STAFF_TOKEN, headers: { 'x-min-position': 'abc' } }));
  await log('huge', call(p.url, E, { json: { type: 'x', body: 'a'.repeat(300 * 1024) } }));
  await log('event too large', call(p.url, E, { json: { type: 'x', body: 'a'.repeat(70 * 1024) } }));
  await log('anon staff', call(p.url, '/api/staff/v1/telemetry/daily'));
  await log('wrong staff', call(p.url, '/api/staff/v1/telemetry/daily', { token: 'nope' }));
  await log('501', call(p.url, '/api/problems/v1/algoexpert/coding-questions/list', { json: {} }));
  await log('404', call(p.url, '/api/nothing/here'));
  await log('405', call(p.url, E));
  await log('rebuild unknown', call(p.url, '/api/staff/v1/projections/nope/rebuild', { json: {}, token: STAFF_TOKEN }));
  await log('status', call(p.url, '/api/system/v1/status'));
  await log('health', call(p.url, '/health'));
  await log('bad query', call(p.url, '/api/staff/v1/telemetry/daily?from=xx', { token: STAFF_TOKEN }));
  await log('empty body', call(p.url, E, { method: 'POST' }));
  console.log(JSON.stringify(out, null, 1));
});
