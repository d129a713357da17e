import { COMPILE_TIME_LIMIT_MS, type ApiError } from '@app/contracts';
import { type Platform, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * The engine's limits end before the gateway's: a compile that runs to the engine's own limit (the
 * default, not a shortened one) is answered through the gateway with the engine's RCE_TIMEOUT, never the
 * gateway's SERVICE_UNAVAILABLE. The trap is a Kotlin constant doubled 34 times (16 GiB of text, folded by
 * the compiler).
 */

const QUESTION = 'pair-with-sum';
const content = fixtureContent([QUESTION]);
let platform: Platform;
let owner: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform({ env: { PUBLISH_CONTENT: 'true', CONTENT_DIR: content.dir } });
  owner = await signInWithRoles(platform.url, ['premiumv1'], 'limits');
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

const doubled = [
  'class Program {',
  '  companion object {',
  '    const val a0 = "xy"',
  ...Array.from({ length: 34 }, (_, i) => `    const val a${i + 1} = a${i} + a${i}`),
  '  }',
  '',
  '  fun pairWithSum(numbers: List<Int>, target: Int): List<Int> = listOf(a34.length)',
  '}',
  '',
].join('\n');

it("a compile that runs to the engine's limit is answered RCE_TIMEOUT through the gateway", async () => {
  const answer = await call<ApiError>(platform.url, '/api/problems/v1/algoexpert/run-sandbox', {
    json: { questionId: QUESTION, language: 'kotlin', code: doubled },
    token: owner.token,
  });
  expect(answer.body).toMatchObject({
    code: 'RCE_TIMEOUT',
    message: expect.stringContaining(`${COMPILE_TIME_LIMIT_MS / 1000} seconds to compile`),
  });
  expect(answer.status).toBe(422);
}, 120_000);
