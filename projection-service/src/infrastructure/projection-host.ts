import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { EventPosition, ProjectionStatus } from '@app/contracts';
import {
  AppendNotifications,
  type EventBus,
  PgEventStore,
  createKafkaBus,
  createPool,
  poolConfig,
  CONFIG,
  LOGGER,
  METRICS_REGISTRY,
  PG_POOL,
} from '@app/server-kit';
import { projections } from '../read-models';
import { ProjectionAdmin, type SystemStatus } from '../runtime/admin';
import { ProjectionSnapshots } from '../runtime/snapshots';
import {
  type KafkaConsumerStatus,
  KafkaProjectionConsumer,
  KafkaVisibility,
  rebuildFromKafkaFeed,
} from '../runtime/kafka-consumer';
import type { Projection } from '../runtime/projection';
import { CheckpointStore } from '../runtime/checkpoints';
import { ProjectionRunner, defaultRunnerOptions } from '../runtime/runner';
import { SharedTail } from '../runtime/shared-tail';
import { CheckpointMoves } from '../runtime/checkpoint-moves';
import { type RebuildRun, rebuildFigures } from '../runtime/rebuild-figures';
import { LAG_SAMPLE_INTERVAL_MS, recordLagSample } from '../runtime/lag-samples';
import type { ProjectionServiceConfig } from './config';

const STATUS_CACHE_MS = 500;

/** The status, with the Kafka consumer's offsets and lag when the projections consume from Kafka. */
export type HostStatus = SystemStatus & { kafka?: KafkaConsumerStatus };

/** Owns the projection runners of this process and the admin view over all of them. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly admin: ProjectionAdmin;
  /** Read models rebuilt "as of" a position into schemas of their own, for staff. */
  readonly snapshots: ProjectionSnapshots;
  private readonly notifications: AppendNotifications;
  private readonly runners: ProjectionRunner[];
  private readonly runnerPool: Pool;
  private readonly tail: SharedTail;
  private readonly bus: EventBus | undefined;
  private readonly consumer: KafkaProjectionConsumer | undefined;
  private readonly visibility: KafkaVisibility | undefined;
  private cachedStatus: { at: number; value: Promise<HostStatus> } | undefined;
  private lagSampling: NodeJS.Timeout | undefined;
  /** Rebuilds of projections fed from Kafka running in this process: events read of the store's total. */
  private readonly kafkaRebuilds = new Map<string, { read: number; total: number; startedAt: Date }>();
  /** The last finished rebuild of each projection fed by Kafka, in this process. */
  private readonly lastKafkaRebuilds = new Map<string, RebuildRun>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: ProjectionServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
    const store = new PgEventStore(pool);
    this.admin = new ProjectionAdmin(pool, store, projections);
    this.snapshots = new ProjectionSnapshots(pool, store, projections, logger);
    this.notifications = new AppendNotifications(poolConfig(config.databaseUrl));
    // The runners write only what the events say (read models and their checkpoints, moved in the same
    // transaction), so their commits need not wait for the WAL flush: a crash can lose the last
    // moments of them only together, and the runners apply those events again. Waiting would put a
    // flush per projection per batch in the queue the appends' own commits wait in.
    this.runnerPool = createPool(config.databaseUrl, { max: 10, options: '-c synchronous_commit=off' });
    const runnerStore = new PgEventStore(this.runnerPool);
    // The runners of this process read the head of the global order once, through one tail, which
    // follows the head after each notification and wakes the runners waiting there.
    const reader = new SharedTail(runnerStore);
    this.tail = reader;
    // ... and move the checkpoints of those with nothing to apply in one statement per wake.
    const moves = new CheckpointMoves(this.runnerPool);
    this.runners = projections.map(
      (projection) =>
        new ProjectionRunner(projection, {
          pool: this.runnerPool,
          store: runnerStore,
          reader,
          head: reader,
          moves,
          notifications: this.notifications,
          logger,
        }),
    );
    if (config.kafka) {
      const kafka = config.kafka;
      this.bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'projection-service', logger });
      const applied = new Counter({
        name: 'projection_kafka_events_applied_total',
        help: 'Events from Kafka applied to the read models by this process.',
        registers: [registry],
      });
      const duplicates = new Counter({
        name: 'projection_kafka_duplicates_skipped_total',
        help: 'Records from Kafka skipped by this process as already applied (resends, redeliveries).',
        registers: [registry],
      });
      this.consumer = new KafkaProjectionConsumer({
        pool,
        bus: this.bus,
        projections,
        logger,
        options: {
          topic: kafka.topic,
          groupId: kafka.groupId,
          partitions: kafka.partitions,
          dedupeOffsets: kafka.dedupeOffsets,
          sessionTimeoutMs: kafka.sessionTimeoutMs,
        },
        onApplied: (events, skipped) => {
          applied.inc(events);
          duplicates.inc(skipped);
        },
      });
      this.visibility = new KafkaVisibility(pool, this.bus, kafka.topic);
      const hostStatus = () => this.status();
      new Gauge({
        name: 'projection_kafka_consumer_lag',
        help: "Records of a partition not yet applied to the read models (the partition's end minus the stored offset).",
        labelNames: ['topic', 'partition'],
        registers: [registry],
        async collect() {
          const status = (await hostStatus()).kafka;
          for (const p of status?.partitions ?? [])
            this.set({ topic: status!.topic, partition: String(p.partition) }, p.lag);
        },
      });
    }
    const statusOf = async (name: string) => (await this.status()).projections.find((p) => p.name === name);
    new Gauge({
      name: 'projection_lag_seconds',
      help: 'Age of the oldest event a projection has not processed yet (0 when caught up).',
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        for (const projection of projections) {
          this.set({ projection: projection.name }, ((await statusOf(projection.name))?.lagMs ?? 0) / 1000);
        }
      },
    });
    new Gauge({
      name: 'projection_events_behind',
      help: 'Committed events of the types a projection handles that it has not processed yet.',
      labelNames: ['projection'],
      registers: [registry],
      async collect() {
        for (const projection of projections) {
          this.set({ projection: projection.name }, (await statusOf(projection.name))?.eventsBehind ?? 0);
        }
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await new CheckpointStore(this.pool).ensure(projections.map((p) => p.name));
    await this.snapshots.markInterrupted();
    if (!this.config.runProjections) return;
    // The processes that run the read models sample their lag for the analysts' history.
    this.lagSampling = setInterval(() => void this.sampleLag(), LAG_SAMPLE_INTERVAL_MS);
    this.lagSampling.unref();
    if (this.consumer) {
      this.consumer.start();
      return;
    }
    await this.notifications.start();
    this.tail.follow(this.notifications, { pollIntervalMs: defaultRunnerOptions.pollIntervalMs });
    for (const runner of this.runners) runner.start();
  }

  /** One lag sample of every read model (a failure is logged: the next minute tries again). */
  async sampleLag(): Promise<void> {
    try {
      await recordLagSample(this.pool, (await this.status()).projections);
    } catch (error) {
      this.logger.warn({ err: error }, 'lag sample not recorded');
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.lagSampling);
    // The runners waiting at the head wake when the tail stops following.
    const stopping = Promise.all(this.runners.map((runner) => runner.stop()));
    await this.tail.stopFollowing();
    await stopping;
    await this.consumer?.stop();
    await this.bus?.close();
    await this.notifications.stop();
    await this.runnerPool.end();
    await this.pool.end();
  }

  /**
   * Truncate and replay. From the store: the checkpoint goes back to the start and the runner
   * replays. From Kafka: in the background, one transaction that holds the consumers off replays
   * what they have applied (see rebuildFromKafkaFeed); the status shows its progress here.
   */
  async rebuild(projection: Projection): Promise<void> {
    const kafka = this.config.kafka;
    if (!kafka) return this.admin.rebuild(projection);
    if (this.kafkaRebuilds.has(projection.name)) return;
    const total = await new PgEventStore(this.pool).count();
    const progress = { read: 0, total, startedAt: new Date() };
    this.kafkaRebuilds.set(projection.name, progress);
    this.cachedStatus = undefined;
    rebuildFromKafkaFeed({
      pool: this.pool,
      topic: kafka.topic,
      projection,
      onProgress: (read) => (progress.read = read),
    })
      .then((events) => {
        this.lastKafkaRebuilds.set(projection.name, {
          startedAt: progress.startedAt,
          finishedAt: new Date(),
          // Events read from the store (the progress counts those too), not only the ones it handles.
          done: progress.read,
          total: progress.total,
        });
        this.logger.info({ projection: projection.name, events }, 'projection rebuilt');
      })
      .catch((error: unknown) =>
        this.logger.error({ err: error, projection: projection.name }, 'projection rebuild failed'),
      )
      .finally(() => {
        this.kafkaRebuilds.delete(projection.name);
        this.cachedStatus = undefined;
      });
  }

  /**
   * Waits until the named projections show every event up to `position` (read-your-writes).
   * From Kafka, all projections move together, batch by batch, so the names do not matter.
   */
  waitFor(names: readonly string[], position: EventPosition, timeoutMs: number): Promise<boolean> {
    if (this.visibility) return this.visibility.waitFor(position, timeoutMs);
    return this.admin.waitFor(names, position, timeoutMs);
  }

  private async computeStatus(): Promise<HostStatus> {
    if (!this.consumer) return this.admin.status();
    const [base, kafka] = await Promise.all([this.admin.status({ behind: false }), this.consumer.status()]);
    // The store checkpoints do not move: each projection's status is the consumer's.
    const fromKafka = (p: ProjectionStatus): ProjectionStatus => ({
      ...p,
      checkpoint: kafka.latestApplied ?? '0.0',
      checkpointPosition: (kafka.latestApplied ?? '0.0').split('.')[1],
      eventsBehind: kafka.lag,
      lagMs: kafka.stalledMs,
      state: kafka.lag > 0 ? 'running' : 'idle',
      rebuildProgress: null,
      updatedAt: base.generatedAt,
      ...rebuilding(p.name),
    });
    const now = Date.now();
    const rebuilding = (name: string): Partial<ProjectionStatus> => {
      const progress = this.kafkaRebuilds.get(name);
      if (!progress) {
        const last = this.lastKafkaRebuilds.get(name);
        return { rebuild: last ? rebuildFigures(last, now) : null };
      }
      return {
        state: 'rebuilding',
        rebuildProgress: progress.total ? Math.min(1, progress.read / progress.total) : 0,
        rebuild: rebuildFigures(
          { startedAt: progress.startedAt, finishedAt: null, done: progress.read, total: progress.total },
          now,
        ),
      };
    };
    return { ...base, projections: base.projections.map(fromKafka), kafka };
  }

  /** The system status, computed at most every half second whatever the number of viewers. */
  status(): Promise<HostStatus> {
    const now = Date.now();
    if (!this.cachedStatus || now - this.cachedStatus.at > STATUS_CACHE_MS) {
      const value = this.computeStatus();
      value.catch(() => {
        this.cachedStatus = undefined;
      });
      this.cachedStatus = { at: now, value };
    }
    return this.cachedStatus.value;
  }
}
