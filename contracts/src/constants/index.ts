/*
 * The shared constants, one module per subject: a web chunk then carries only the subjects its code
 * uses, not every constant the app uses anywhere.
 */

export * from './products';
export * from './event-store';
export * from './execution';
export * from './workspace';
export * from './timing';
export * from './sale-banner';
export * from './auth';
export * from './content';
export * from './affiliates';
export * from './ui';
export * from './texts';
export * from './support';
