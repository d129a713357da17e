export const PG_POOL = Symbol('PG_POOL');
export const LOGGER = Symbol('LOGGER');
export const CONFIG = Symbol('CONFIG');
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');
