import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LanguageStatus, RunResponse } from '@app/contracts';
import { type Platform, call, startPlatform } from './platform-harness';
import { type SignedInUser, signInWithRoles } from './identity-support';
import { fixtureContent } from './content-support';

/*
 * The languages' warm-up after a start, through the gateway: the languages list says which are still
 * warming up (`state`), and a run that comes in while its language warms is judged as usual and says so
 * (`warmingUp`). JavaScript warms for real; Python is held warming by the test-only RUN_WARM_UP_HOLD.
 */

const QUESTION = 'pair-with-sum';
const solution = (language: string) =>
  readFileSync(
    path.resolve(
      __dirname,
      `../../../command-service/src/execution/questions/${QUESTION}/solutions/${language}`,
    ),
    'utf8',
  );

const content = fixtureContent([QUESTION]);
let platform: Platform;
let learner: SignedInUser;
beforeAll(async () => {
  platform = await startPlatform({
    env: {
      PUBLISH_CONTENT: 'true',
      CONTENT_DIR: content.dir,
      RUN_WARM_UP: 'javascript',
      RUN_WARM_UP_HOLD: 'python',
    },
  });
  learner = await signInWithRoles(platform.url, ['premiumv1'], 'warm');
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

const languages = async () => {
  const answer = await call<{ languages: LanguageStatus[] }>(platform.url, '/api/problems/v1/languages');
  expect(answer.status).toBe(200);
  return new Map(answer.body.languages.map((l) => [l.language, l]));
};

const run = (language: string) =>
  call<RunResponse>(platform.url, '/api/problems/v1/algoexpert/run-sandbox', {
    json: { questionId: QUESTION, language, code: solution(language) },
    token: learner.token,
  });

it('says which languages are warming up, ready or unavailable', async () => {
  const byName = await languages();
  expect(byName.get('python')).toMatchObject({ available: true, state: 'warmingUp' });
  expect(byName.get('swift')).toMatchObject({ available: false, state: 'unavailable' });
  // JavaScript warms for real and becomes ready on its own.
  let javascript = byName.get('javascript');
  expect(['warmingUp', 'ready']).toContain(javascript?.state);
  for (let i = 0; i < 300 && javascript?.state !== 'ready'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    javascript = (await languages()).get('javascript');
  }
  expect(javascript).toMatchObject({ available: true, state: 'ready' });
  // A language left out of RUN_WARM_UP is not warmed: ready at once.
  expect((await languages()).get('java')?.state).toMatch(/^(ready|unavailable)$/);
}, 90_000);

it('judges a run of a warming language as usual and says it ran while warming up', async () => {
  const warming = await run('python');
  expect(warming.status).toBe(200);
  expect(warming.body.warmingUp).toBe(true);
  expect(warming.body.TestResults.length).toBeGreaterThan(0);
  expect(warming.body.TestResults.every((test) => test.Matches)).toBe(true);

  const ready = await run('javascript');
  expect(ready.status).toBe(200);
  expect(ready.body.warmingUp).toBeUndefined();
  expect(ready.body.TestResults.every((test) => test.Matches)).toBe(true);
}, 60_000);
