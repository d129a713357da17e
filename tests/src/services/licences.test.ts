import { type Platform, startPlatform } from './platform-harness';
import { fixtureContent } from './content-support';
import {
  FREE_QUESTION,
  LOCKED_QUESTION,
  LICENCE_WEBHOOK_SECRET,
  licenceScenarios,
  publishPriceList,
} from './licences-scenarios';

/* Team licences with the projections on the catch-up feed (the default); kafka/licences.test.ts runs the same with Kafka. */

const content = fixtureContent([FREE_QUESTION, LOCKED_QUESTION], { free: [FREE_QUESTION] });
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({
    env: {
      STRIPE_WEBHOOK_SECRET: LICENCE_WEBHOOK_SECRET,
      PUBLISH_CONTENT: 'true',
      CONTENT_DIR: content.dir,
    },
  });
  await publishPriceList(platform);
}, 120_000);
afterAll(async () => {
  await platform?.close();
  content.remove();
});

describe('team licences (catch-up feed)', () => {
  licenceScenarios(() => platform);
});
