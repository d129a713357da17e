import { randomUUID } from 'node:crypto';
import { type EventBus, createKafkaBus } from '@app/server-kit';
import type { RunningKafka } from '../../../infra/src/kafka-broker';
import { type Platform, STAFF_TOKEN, call, startPlatform } from '../services/platform-harness';
import { fixtureContent } from '../services/content-support';
import {
  FREE_QUESTION,
  LOCKED_QUESTION,
  LICENCE_WEBHOOK_SECRET,
  licenceScenarios,
  publishPriceList,
} from '../services/licences-scenarios';
import { startTestKafka, waitVisible } from './kafka-support';

/*
 * Team licences with Kafka as the projections' feed: the command-service forwards the licence stream
 * to the topic, the projection-service consumes it, and every count and the rebuild must come out as
 * with the catch-up feed (the same scenarios as services/licences.test.ts).
 */

const topic = `licences-${randomUUID().slice(0, 8)}`;
const content = fixtureContent([FREE_QUESTION, LOCKED_QUESTION], { free: [FREE_QUESTION] });
let kafka: RunningKafka;
let bus: EventBus;
let platform: Platform;

beforeAll(async () => {
  kafka = await startTestKafka();
  bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'licences-test' });
  platform = await startPlatform({
    env: {
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC: topic,
      KAFKA_TOPIC_PARTITIONS: '6',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      STRIPE_WEBHOOK_SECRET: LICENCE_WEBHOOK_SECRET,
      // Published below: the harness waits for the catch-up checkpoints only when nothing was appended at start.
      PUBLISH_CONTENT: 'false',
      CONTENT_DIR: content.dir,
    },
  });
  const published = await call(platform.url, '/api/staff/v1/content/publish', {
    json: {},
    token: STAFF_TOKEN,
  });
  expect(published.status).toBe(200);
  await publishPriceList(platform);
  // Queries wait for the consumer; the scenarios start once it has joined its group and caught up.
  await waitVisible(platform.pool, bus, topic, 90_000);
}, 180_000);

afterAll(async () => {
  await platform?.close();
  await bus?.close();
  await kafka?.stop();
  content.remove();
});

describe('team licences (Kafka feed)', () => {
  licenceScenarios(() => platform);
});
