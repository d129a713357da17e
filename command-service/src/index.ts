/** The command-service's library surface: the event store, shared with the read side and the tests. */
export * from './event-store';
