export * from './runtime/projection';
export * from './runtime/runner';
export * from './runtime/admin';
export * from './runtime/checkpoints';
export * from './runtime/kafka-consumer';
export * from './read-models';
export * from './infrastructure/migrations';
export * from './runtime/daily-count-projection';
