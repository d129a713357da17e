import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createKafkaBus } from '@app/server-kit';
import { type RunningKafka, newClusterId, startKafka } from '../../../infra/src/kafka-broker';
import { TopicReader, startTestKafka } from './kafka-support';

/* The real broker of the Kafka suites: started, used, restarted with its data, stopped. */

let kafka: RunningKafka | undefined;

afterAll(async () => {
  await kafka?.stop();
});

it("makes cluster ids kafka-storage takes: 22 base64url characters, never a leading '-' (read as an option)", () => {
  // Without the redraw about 1 in 64 ids starts with '-': 5,000 of them would show it.
  const ids = Array.from({ length: 5000 }, newClusterId);
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  expect(new Set(ids).size).toBe(ids.length);
});

it('starts a single-node KRaft broker on loopback, keeps topics across a restart, and stops', async () => {
  const started = Date.now();
  kafka = await startTestKafka();
  const startMs = Date.now() - started;
  expect(kafka.brokers).toEqual([expect.stringMatching(/^127\.0\.0\.1:\d+$/)]);

  const bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'broker-test' });
  try {
    await bus.ensureTopic('broker-test', { partitions: 3 });
    await bus.ensureTopic('broker-test', { partitions: 3 }); // a second time is a no-op
    const producer = await bus.producer();
    const value = (i: number) => Buffer.from(JSON.stringify({ id: `e${i}`, type: 'T', stream: `s${i % 5}` }));
    await producer.send(
      'broker-test',
      Array.from({ length: 50 }, (_, i) => ({
        key: `s${i % 5}`,
        value: value(i),
        headers: { 'event-id': `e${i}` },
      })),
    );
    await producer.close();
  } finally {
    await bus.close();
  }

  // A graceful restart on the same ports and data: the records are still there.
  const pidBefore = kafka.pid();
  await kafka.restart();
  expect(kafka.pid()).not.toBe(pidBefore);
  const reader = new TopicReader(kafka.brokers);
  try {
    await reader.start('broker-test');
    await reader.waitForUnique(50, 30_000);
    expect(reader.received).toHaveLength(50);
  } finally {
    await reader.close();
  }

  const pid = kafka.pid()!;
  const { dataDir, brokers } = kafka;
  await kafka.stop();
  kafka = undefined;
  expect(() => process.kill(pid, 0)).toThrow();
  expect(fs.existsSync(dataDir)).toBe(false);
  const [host, port] = brokers[0].split(':');
  await expect(connects(host, Number(port))).resolves.toBe(false);
  console.log(`Kafka broker ready in ${startMs} ms`);
});

it('refuses to start without its jars, naming the fix (a suite fails, never skips)', async () => {
  const emptyCache = fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-cache-'));
  const saved = process.env.KAFKA_CACHE_DIR;
  process.env.KAFKA_CACHE_DIR = emptyCache;
  try {
    await expect(startKafka()).rejects.toThrow(/not cached .*node infra\/dist\/kafka\.js fetch/);
  } finally {
    if (saved === undefined) delete process.env.KAFKA_CACHE_DIR;
    else process.env.KAFKA_CACHE_DIR = saved;
    fs.rmSync(emptyCache, { recursive: true, force: true });
  }
});

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
