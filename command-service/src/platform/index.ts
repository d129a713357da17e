export * from './api-error';
export * from './contract-route';
export * from './error-filter';
export * from './http-app';
export * from './logger';
export * from './health.controller';
export * from './authentication';
export * from './staff-token';
