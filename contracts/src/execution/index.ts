export * from './signature';
export * from './compare';
export * from './status';
export * from './question';
