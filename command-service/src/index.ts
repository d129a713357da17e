/**
 * The command-service's library surface, used by the projection-service and the cross-service
 * tests: the event store (the command side owns it; the read side reads it), the event bus (the
 * forwarder publishes the store to Kafka; projections may consume it there) and the HTTP edge
 * both services share (contract validation, access, error shapes, JSON logs).
 */
export * from './event-store';
export * from './event-bus';
export * from './platform';
