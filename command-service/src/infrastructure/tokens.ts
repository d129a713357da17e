export { METRICS_REGISTRY, PG_POOL } from '../platform/health.controller';
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
