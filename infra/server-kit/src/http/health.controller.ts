import { DomainError } from '@app/contracts';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import type { Registry } from 'prom-client';
import { METRICS_REGISTRY, PG_POOL } from '../tokens';

/** Liveness, readiness (the database answers) and the Prometheus scrape; not under /api. */
@Controller()
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(METRICS_REGISTRY) private readonly registry: Registry,
  ) {}

  @Get('health/live')
  live() {
    return { status: 'ok' };
  }

  @Get('health/ready')
  async ready() {
    try {
      await this.pool.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      throw new DomainError('SERVICE_UNAVAILABLE', 'The database does not answer.');
    }
  }

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4')
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
