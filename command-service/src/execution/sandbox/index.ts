export * from './sandbox';
export * from './process-sandbox';
export * from './bubblewrap-sandbox';
export { SandboxBusyError } from './slots';
export { createSandbox, type CreateSandboxOptions } from './create-sandbox';
