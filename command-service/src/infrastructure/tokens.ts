export const PG_POOL = Symbol('PG_POOL');
export const CONFIG = Symbol('CONFIG');
export const LOGGER = Symbol('LOGGER');
