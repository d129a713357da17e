import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import {
  AppendNotifications,
  type EventBus,
  PgEventStore,
  createKafkaBus,
  poolConfig,
  CONFIG,
  LOGGER,
  METRICS_REGISTRY,
  PG_POOL,
} from '@app/server-kit';
import { EventForwarder } from '../event-bus';
import type { CommandServiceConfig } from './config';

/** Runs the event forwarder to Kafka in this process when KAFKA_BROKERS is set; nothing otherwise. */
@Injectable()
export class EventForwarding implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly forwarder: EventForwarder | undefined;
  private readonly bus: EventBus | undefined;
  private readonly notifications: AppendNotifications | undefined;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(CONFIG) config: CommandServiceConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
    const kafka = config.kafka;
    if (!kafka) return;
    this.bus = createKafkaBus({ brokers: kafka.brokers, clientId: 'command-service-forwarder', logger });
    this.notifications = new AppendNotifications(poolConfig(config.databaseUrl));
    const forwarded = new Counter({
      name: 'event_forwarder_events_total',
      help: 'Events published to Kafka and checkpointed by this process (resends after a crash included).',
      registers: [registry],
    });
    this.forwarder = new EventForwarder({
      pool,
      store: new PgEventStore(pool),
      notifications: this.notifications,
      bus: this.bus,
      logger,
      options: { topic: kafka.topic, partitions: kafka.partitions, batchSize: kafka.batchSize },
      onForwarded: (events) => forwarded.inc(events),
    });
    const forwarder = this.forwarder;
    new Gauge({
      name: 'event_forwarder_active',
      help: '1 when this process is the one forwarding events to Kafka, 0 when it stands by.',
      registers: [registry],
      collect() {
        this.set(forwarder.status().active ? 1 : 0);
      },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.forwarder || !this.notifications) return;
    await this.notifications.start();
    this.forwarder.start();
    this.logger.info({ topic: this.forwarder.topic }, 'event forwarding to Kafka started');
  }

  /** Before the pool closes (AppModule's onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.forwarder?.stop();
    await this.notifications?.stop();
    await this.bus?.close();
  }
}
