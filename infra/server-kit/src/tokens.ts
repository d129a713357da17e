/** Injection tokens every service provides. */
export const PG_POOL = Symbol('PG_POOL');
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');
/** The service's configuration object (its own type). */
export const CONFIG = Symbol('CONFIG');
/** The service's pino logger. */
export const LOGGER = Symbol('LOGGER');
