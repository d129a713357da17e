import { type Platform, STAFF_TOKEN, call, startPlatform } from './platform-harness';

/* Spec 4 and 7: the web polls ui_version/eval; the answer follows the configured bounds. */
let platform: Platform;
const saved = {
  supported: process.env.UI_MIN_SUPPORTED_VERSION,
  recommended: process.env.UI_MIN_RECOMMENDED_VERSION,
};
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  process.env.UI_MIN_SUPPORTED_VERSION = saved.supported ?? '';
  process.env.UI_MIN_RECOMMENDED_VERSION = saved.recommended ?? '';
  await platform?.close();
});

const evaluate = (version: unknown) =>
  call(platform.url, '/api/users/v1/ui_version/eval', { json: { version } });

it('answers supported for every build when no bound is configured', async () => {
  process.env.UI_MIN_SUPPORTED_VERSION = '';
  process.env.UI_MIN_RECOMMENDED_VERSION = '';
  expect(await evaluate('0.0.1')).toMatchObject({ status: 200, body: { status: 'supported' } });
});

it.each([
  ['1.3.9', 'unsupported'],
  ['1.4.0', 'deprecated'],
  ['1.10.0', 'supported'],
])('answers %s with %s against the configured bounds', async (version, status) => {
  process.env.UI_MIN_SUPPORTED_VERSION = '1.4.0';
  process.env.UI_MIN_RECOMMENDED_VERSION = '1.6.0';
  expect(await evaluate(version)).toMatchObject({ status: 200, body: { status } });
});

it('refuses a missing version with a 400 and appends nothing', async () => {
  const before = await platform.countEvents();
  const answer = await call(platform.url, '/api/users/v1/ui_version/eval', { json: {} });
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect(await platform.countEvents()).toBe(before);
});

describe('bounds set by staff', () => {
  const setBounds = (json: unknown, token = STAFF_TOKEN) =>
    call<{ position: string }>(platform.url, '/api/staff/v1/ui-version/bounds', { json, token });
  const evaluateAfter = (version: string, position: string) =>
    call(platform.url, '/api/users/v1/ui_version/eval', {
      json: { version },
      headers: { 'x-min-position': position },
    });

  it('win over the environment, and null falls back to it', async () => {
    process.env.UI_MIN_SUPPORTED_VERSION = '1.0.0';
    process.env.UI_MIN_RECOMMENDED_VERSION = '';
    const set = await setBounds({ minSupported: '2.0.0', minRecommended: '2.5.0' });
    expect(set.status).toBe(200);
    expect(await evaluateAfter('1.5.0', set.body.position)).toMatchObject({
      body: { status: 'unsupported' },
    });
    expect(await evaluateAfter('2.1.0', set.body.position)).toMatchObject({ body: { status: 'deprecated' } });
    const cleared = await setBounds({ minSupported: null, minRecommended: null });
    expect(await evaluateAfter('1.5.0', cleared.body.position)).toMatchObject({
      body: { status: 'supported' },
    });
    expect(await evaluateAfter('0.9.0', cleared.body.position)).toMatchObject({
      body: { status: 'unsupported' },
    });
  });

  it('refuses a malformed bound with a 400, appending nothing', async () => {
    const before = await platform.countEvents();
    const answer = await setBounds({ minSupported: '1.0 beta', minRecommended: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await platform.countEvents()).toBe(before);
  });
});
