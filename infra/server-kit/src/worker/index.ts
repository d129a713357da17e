export * from './leader-lock';
export * from './polling-worker';
