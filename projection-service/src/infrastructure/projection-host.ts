import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import { AppendNotifications, PgEventStore, poolConfig } from '@app/command-service';
import { projections } from '../read-models';
import { ProjectionAdmin, type SystemStatus } from '../runtime/admin';
import { CheckpointStore } from '../runtime/checkpoints';
import { ProjectionRunner } from '../runtime/runner';
import type { ProjectionServiceConfig } from './config';
import { CONFIG, LOGGER, METRICS_REGISTRY, PG_POOL } from './tokens';

const STATUS_CACHE_MS = 500;

/** Owns the projection runners of this process and the admin view over all of them. */
@Injectable()
export class ProjectionHost implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly admin: ProjectionAdmin;
  private readonly notifications: AppendNotifications;
  private readonly runners: ProjectionRunner[];
  private cachedStatus: { at: number; value: Promise<SystemStatus> } | undefined;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CONFIG) private readonly config: ProjectionServiceConfig,
    @Inject(LOGGER) logger: Logger,
    @Inject(METRICS_REGISTRY) registry: Registry,
  ) {
    const store = new PgEventStore(pool);
    this.admin = new ProjectionAdmin(pool, store, projections);
    this.notifications = new AppendNotifications(poolConfig(config.databaseUrl));
    this.runners = projections.map(
      (projection) =>
        new ProjectionRunner(projection, { pool, store, notifications: this.notifications, logger }),
    );
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
      help: 'Committed events a projection has not processed yet.',
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
    if (!this.config.runProjections) return;
    await this.notifications.start();
    for (const runner of this.runners) runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
    await this.notifications.stop();
    await this.pool.end();
  }

  /** The system status, computed at most every half second whatever the number of viewers. */
  status(): Promise<SystemStatus> {
    const now = Date.now();
    if (!this.cachedStatus || now - this.cachedStatus.at > STATUS_CACHE_MS) {
      const value = this.admin.status();
      value.catch(() => {
        this.cachedStatus = undefined;
      });
      this.cachedStatus = { at: now, value };
    }
    return this.cachedStatus.value;
  }
}
