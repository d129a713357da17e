/**
 * A real Apache Kafka broker for tests and local use, from Kafka's own jars on Maven Central:
 *   - fetchKafka(): downloads the jars pinned in infra/kafka/jars.lock (each checked against its SHA-1)
 *     into a cache (.data/kafka/<version>, or KAFKA_CACHE_DIR). Only Node and HTTP; idempotent.
 *   - startKafka(): a single-node KRaft broker (broker and controller in one JVM) on loopback ports,
 *     storage formatted with a fresh cluster id, awaited until a client's metadata call succeeds;
 *     stop() ends it (SIGTERM, then SIGKILL), restart() stops and starts it on the same ports and data.
 * startKafka never downloads: a missing Java or missing jars is an error naming the fix, so a suite
 * that needs the broker fails instead of skipping.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKafkaBus } from '@app/server-kit';
import { freePort } from './free-port';

const MAVEN_CENTRAL = 'https://repo1.maven.org/maven2';
const repoRoot = path.resolve(__dirname, '..', '..');
const LOCK_FILE = path.join(repoRoot, 'infra', 'kafka', 'jars.lock');

export type KafkaJar = { group: string; name: string; version: string; sha1: string };
export type KafkaLock = { version: string; jars: KafkaJar[] };

/** The pinned Kafka version and its jars (infra/kafka/jars.lock, made by generate-lock.sh). */
export function readKafkaLock(file = LOCK_FILE): KafkaLock {
  let version = '';
  const jars: KafkaJar[] = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [left, right] = line.split(/\s+/);
    if (left === 'kafka-version') {
      version = right;
      continue;
    }
    const [group, name, jarVersion] = left.split(':');
    if (!group || !name || !jarVersion || !/^[0-9a-f]{40}$/.test(right ?? ''))
      throw new Error(`${file}: bad line "${line}"`);
    jars.push({ group, name, version: jarVersion, sha1: right });
  }
  if (!version || jars.length === 0) throw new Error(`${file}: no kafka-version or no jars`);
  return { version, jars };
}

export function kafkaCacheDir(lock: KafkaLock = readKafkaLock()): string {
  return path.join(process.env.KAFKA_CACHE_DIR ?? path.join(repoRoot, '.data', 'kafka'), lock.version);
}

const jarFile = (jar: KafkaJar) => `${jar.group}_${jar.name}-${jar.version}.jar`;

function sha1Of(file: string): string {
  return createHash('sha1').update(fs.readFileSync(file)).digest('hex');
}

/** The cached jars' paths, or what is missing from the cache. */
function cachedJars(lock: KafkaLock): { jars: string[]; missing: KafkaJar[] } {
  const dir = kafkaCacheDir(lock);
  const jars: string[] = [];
  const missing: KafkaJar[] = [];
  for (const jar of lock.jars) {
    const file = path.join(dir, jarFile(jar));
    if (fs.existsSync(file)) jars.push(file);
    else missing.push(jar);
  }
  return { jars, missing };
}

/**
 * Downloads the pinned jars that are not cached yet, each checked against its SHA-1 before it is
 * kept; answers the cache directory. `verify` re-checks the cached ones too.
 */
export async function fetchKafka(
  options: { verify?: boolean; log?: (line: string) => void } = {},
): Promise<{ dir: string; downloaded: number }> {
  const lock = readKafkaLock();
  const dir = kafkaCacheDir(lock);
  const log = options.log ?? (() => undefined);
  fs.mkdirSync(dir, { recursive: true });
  let downloaded = 0;
  const pending = lock.jars.filter((jar) => {
    const file = path.join(dir, jarFile(jar));
    if (!fs.existsSync(file)) return true;
    if (options.verify && sha1Of(file) !== jar.sha1) {
      log(`${jarFile(jar)}: SHA-1 mismatch in the cache; fetching it again`);
      fs.rmSync(file);
      return true;
    }
    return false;
  });
  // A few at a time: Maven Central is fast, and the largest jars are several MB.
  const queue = [...pending];
  const worker = async () => {
    for (let jar = queue.shift(); jar; jar = queue.shift()) {
      const url = `${MAVEN_CENTRAL}/${jar.group.replaceAll('.', '/')}/${jar.name}/${jar.version}/${jar.name}-${jar.version}.jar`;
      const body = await downloadWithRetry(url);
      const actual = createHash('sha1').update(body).digest('hex');
      if (actual !== jar.sha1) throw new Error(`${url}: SHA-1 ${actual}, expected ${jar.sha1}`);
      const target = path.join(dir, jarFile(jar));
      const partial = `${target}.${process.pid}.partial`;
      fs.writeFileSync(partial, body);
      fs.renameSync(partial, target);
      downloaded++;
      log(`fetched ${jar.group}:${jar.name}:${jar.version} (${Math.round(body.length / 1024)} KiB)`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { dir, downloaded };
}

async function downloadWithRetry(url: string): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, program), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Java 17 or later on PATH (or JAVA_HOME), or why not. */
export function findJava(): { java: string } | { problem: string } {
  const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
  const result = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.error || result.status !== 0)
    return {
      problem: `Java is missing (${java}): install a JDK 17+, e.g. apt-get install openjdk-17-jre-headless`,
    };
  const match = /version "(\d+)/.exec(result.stderr);
  const major = match ? Number(match[1]) : 0;
  if (major < 17) return { problem: `Kafka needs Java 17 or later; ${java} is ${major || 'unknown'}` };
  return { java };
}

/** Why a broker cannot start here, or undefined when it can (Java found, jars cached). */
export function kafkaUnavailableReason(): string | undefined {
  const java = findJava();
  if ('problem' in java) return java.problem;
  const { missing } = cachedJars(readKafkaLock());
  if (missing.length > 0)
    return `${missing.length} Kafka jars are not cached in ${kafkaCacheDir()}: run \`node infra/dist/kafka.js fetch\``;
  return undefined;
}

export type StartKafkaOptions = {
  /** Broker storage, configuration and log; a fresh temporary directory by default (removed on stop). */
  dataDir?: string;
  /** Loopback port of the client listener; a free one by default. */
  port?: number;
  /** Heap of the broker JVM, e.g. '384m'. */
  heap?: string;
  readyTimeoutMs?: number;
  /** Extra server.properties entries. */
  settings?: Record<string, string>;
  /** Run the broker as its own process group and let it outlive this process (the CLI's start). */
  detached?: boolean;
};

export type RunningKafka = {
  /** Bootstrap addresses for clients (host:port). */
  brokers: string[];
  dataDir: string;
  logFile: string;
  pid(): number | undefined;
  /** SIGTERM, then SIGKILL after `graceMs`; a temporary data directory is removed. */
  stop(graceMs?: number): Promise<void>;
  /** Stops (gracefully, or at once with `kill`) and starts again on the same ports and data. */
  restart(options?: { kill?: boolean }): Promise<void>;
};

/** Brokers still running; killed if this process exits without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function serverProperties(
  dataDir: string,
  port: number,
  controllerPort: number,
  extra: Record<string, string>,
) {
  const settings: Record<string, string> = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': path.join(dataDir, 'logs'),
    'num.partitions': '1',
    'auto.create.topics.enable': 'false',
    // One node: every internal topic has one replica.
    'offsets.topic.replication.factor': '1',
    'offsets.topic.num.partitions': '4',
    'transaction.state.log.replication.factor': '1',
    'transaction.state.log.min.isr': '1',
    'transaction.state.log.num.partitions': '4',
    'share.coordinator.state.topic.replication.factor': '1',
    'share.coordinator.state.topic.min.isr': '1',
    'group.initial.rebalance.delay.ms': '0',
    'num.network.threads': '2',
    'num.io.threads': '2',
    'background.threads': '2',
    'num.recovery.threads.per.data.dir': '1',
    'log.cleaner.threads': '1',
    'log.cleaner.dedupe.buffer.size': String(8 * 1024 * 1024),
    ...extra,
  };
  return Object.entries(settings)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

const LOG4J2 = `status = warn
appender.out.type = Console
appender.out.name = out
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = info
rootLogger.appenderRef.out.ref = out
logger.kafka.name = org.apache.kafka
logger.kafka.level = warn
logger.state.name = state.change.logger
logger.state.level = warn
logger.request.name = kafka.request.logger
logger.request.level = warn
logger.server.name = kafka.server
logger.server.level = info
logger.log.name = kafka.log
logger.log.level = warn
logger.coordinator.name = kafka.coordinator
logger.coordinator.level = warn
`;

export async function startKafka(options: StartKafkaOptions = {}): Promise<RunningKafka> {
  const java = findJava();
  if ('problem' in java) throw new Error(`Cannot start Kafka: ${java.problem}`);
  const lock = readKafkaLock();
  const { jars, missing } = cachedJars(lock);
  if (missing.length > 0) {
    throw new Error(
      `Cannot start Kafka: ${missing.length} of its jars are not cached in ${kafkaCacheDir(lock)} ` +
        '(run `node infra/dist/kafka.js fetch`; `npm test` does it first).',
    );
  }
  const temporary = options.dataDir === undefined;
  const dataDir = path.resolve(options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kafka-')));
  fs.mkdirSync(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  let controllerPort = await freePort();
  while (controllerPort === port) controllerPort = await freePort();
  const propertiesFile = path.join(dataDir, 'server.properties');
  const log4jFile = path.join(dataDir, 'log4j2.properties');
  const logFile = path.join(dataDir, 'broker.log');
  const brokers = [`127.0.0.1:${port}`];
  fs.writeFileSync(propertiesFile, serverProperties(dataDir, port, controllerPort, options.settings ?? {}));
  fs.writeFileSync(log4jFile, LOG4J2);
  const heap = options.heap ?? process.env.KAFKA_HEAP ?? '384m';
  const jvmArgs = [
    `-Xms${heap}`,
    `-Xmx${heap}`,
    '-XX:+UseSerialGC',
    '-XX:ActiveProcessorCount=2',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${log4jFile}`,
    '-cp',
    jars.join(path.delimiter),
  ];

  // Storage is formatted once; a restart keeps it (and the topics in it).
  if (!fs.existsSync(path.join(dataDir, 'logs', 'meta.properties'))) {
    const clusterId = newClusterId();
    const format = spawnSync(
      java.java,
      [...jvmArgs, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', propertiesFile],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (format.status !== 0)
      throw new Error(
        `kafka-storage format failed (exit ${format.status}): ${format.stderr || format.stdout}`,
      );
  }

  // A broker of a test run dies with the run, even when that process is killed (util-linux's setpriv
  // sets the parent-death signal, then becomes java).
  const orphanGuard = !options.detached && onPath('setpriv') ? ['setpriv', '--pdeathsig', 'SIGKILL'] : [];
  let child: ChildProcess | undefined;
  const launch = () => {
    const out = fs.openSync(logFile, 'a');
    const [command, ...args] = [...orphanGuard, java.java, ...jvmArgs, 'kafka.Kafka', propertiesFile];
    const started = spawn(command, args, {
      stdio: ['ignore', out, out],
      detached: options.detached ?? false,
    });
    fs.closeSync(out);
    child = started;
    if (options.detached) {
      started.unref();
    } else {
      running.add(started);
      started.once('exit', () => running.delete(started));
    }
  };
  const stopChild = async (graceMs: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    current.kill(signal);
    const timer = setTimeout(() => current.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const ready = async () => {
    try {
      await waitForBroker(brokers, options.readyTimeoutMs ?? 90_000, () => {
        if (child && (child.exitCode !== null || child.signalCode !== null))
          throw new Error(
            `Kafka exited (${child.exitCode ?? child.signalCode}) while starting; see ${logFile}`,
          );
      });
    } catch (error) {
      await stopChild(5_000);
      throw error;
    }
  };

  launch();
  await ready();
  return {
    brokers,
    dataDir,
    logFile,
    pid: () => child?.pid,
    stop: async (graceMs = 20_000) => {
      await stopChild(graceMs);
      if (temporary) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    restart: async ({ kill = false } = {}) => {
      await stopChild(20_000, kill ? 'SIGKILL' : 'SIGTERM');
      launch();
      await ready();
    },
  };
}

/** Waits until a client's metadata call to the brokers succeeds. */
export async function waitForBroker(brokers: string[], timeoutMs: number, check?: () => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    check?.();
    const bus = createKafkaBus({ brokers, clientId: 'kafka-ready-check', connectionTimeoutMs: 1000 });
    try {
      await bus.ping();
      return;
    } catch (error) {
      lastError = error;
    } finally {
      await bus.close().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Kafka at ${brokers.join(',')} was not ready within ${timeoutMs} ms: ${String(lastError)}`);
}

/**
 * A cluster id as Kafka makes them: 16 random bytes in base64url. One that starts with '-' would be read
 * as an option by kafka-storage's argument parser (1 in 64 of them), so Kafka draws again, and so do we.
 */
export function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url').slice(0, 22);
    if (!id.startsWith('-')) return id;
  }
}
