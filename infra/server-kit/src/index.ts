/**
 * What both services stand on, and nothing of either: the event store (the only code that reads
 * `es_events`), the event bus adapter (kafkajs behind a small interface), the HTTP edge (contract
 * routes, validation, authentication, the error table), the leader lock and polling worker,
 * configuration readers and injection tokens.
 */
export * from './event-store';
export * from './event-bus';
export * from './http';
export * from './worker';
export * from './config';
export * from './tokens';
export * from './testing/database';
export * from './testing/recorded-events';
