export * from './errors';
export * from './event-store';
export * from './notifications';
export * from './database';
