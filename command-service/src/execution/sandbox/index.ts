export * from './sandbox';
export * from './process-sandbox';
export { createSandbox, type CreateSandboxOptions } from './create-sandbox';
