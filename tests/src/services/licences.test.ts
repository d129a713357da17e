import { randomUUID } from 'node:crypto';
import { type Platform, startPlatform } from './platform-harness';
import { fixtureContent } from './content-support';
import { FREE_QUESTION, LOCKED_QUESTION, licenceScenarios, publishPriceList } from './licences-scenarios';

/* Team licences with the projections on the catch-up feed (the default); kafka/licences.test.ts runs the same with Kafka. */

const content = fixtureContent([FREE_QUESTION, LOCKED_QUESTION], { free: [FREE_QUESTION] });
let platform: Platform;
beforeAll(async () => {
  platform = await startPlatform({
    env: {
      STRIPE_WEBHOOK_SECRET: `whsec_${randomUUID().replaceAll('-', '')}`,
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
