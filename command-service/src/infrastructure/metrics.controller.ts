import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { Registry } from 'prom-client';

export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');

/** Prometheus scrape endpoint (not under /api: the gateway does not expose it). */
@Controller()
export class MetricsController {
  constructor(@Inject(METRICS_REGISTRY) private readonly registry: Registry) {}

  @Get('metrics')
  @Header('Content-Type', 'text/plain; version=0.0.4')
  metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
