export * from './bus';
export * from './kafkajs-bus';
export * from './event-message';
