export { METRICS_REGISTRY, PG_POOL } from '@app/command-service';
export const LOGGER = Symbol('LOGGER');
export const CONFIG = Symbol('CONFIG');
