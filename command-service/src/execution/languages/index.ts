export * from './language';
export * from './toolchains';
export * from './registry';
export * from './run-tests';
export * from './jvm-support';
export * from './compile-servers';
export * from './warm-up';
export * from './run-program';
