import type { ApiCall } from './define';
import * as spine from './spine';

export * from './define';
export * from './spine';

const isCall = (value: unknown): value is ApiCall =>
  typeof value === 'object' && value !== null && 'path' in value && 'kind' in value && 'access' in value;

/** Every API call of the platform (spec section 7 and the platform's own), from each module's exports. */
export const apiCalls: readonly ApiCall[] = [spine].flatMap((module) => (Object.values(module) as unknown[]).filter(isCall));
