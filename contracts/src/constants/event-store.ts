/* Limits of the event store and of read-your-writes queries. */

/** Largest JSON payload (data of one event) the event store accepts, in bytes. */
export const MAX_EVENT_DATA_BYTES = 64 * 1024;
/** Most events in one append. */
export const MAX_EVENTS_PER_APPEND = 1000;
/** How long a query with X-Min-Position waits for the read models by default, and at most. */
export const MIN_POSITION_WAIT_MS = 5000;
