/**
 * The command-service's library surface, for the start scripts and the cross-service tests: its
 * schema (the kit's and its own tables) and the event forwarder. What the read side needs of the
 * event store and the HTTP edge lives in the server kit (`@app/server-kit`).
 */
export * from './event-bus';
export * from './infrastructure/migrations';
export { AnalyticsDatabase, derivedAnalyticsUrl } from './analytics/analytics-database';
