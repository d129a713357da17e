import type { ApiCall } from './define';
import * as spine from './spine';
import * as auth from './auth';
import * as users from './users';
import * as events from './events';
import * as announcements from './announcements';
// './problems/index', not './problems': a build made before the split still holds dist/api/problems.js,
// which Node would load first.
import * as problems from './problems/index';
import * as recruiting from './recruiting';
import * as billing from './billing';
import * as affiliates from './affiliates';
import * as content from './content';
import * as certificates from './certificates';
import * as support from './support';
import * as staff from './staff';
import * as analytics from './analytics';

export * from './define';
export { plannedAreas, type BuildState, type PlannedArea } from './build-state';
export * from './common';
export * from './spine';
export * from './auth';
export * from './users';
export * from './events';
export * from './announcements';
export * from './problems/index';
export * from './recruiting';
export * from './billing';
export * from './affiliates';
export * from './content';
export * from './certificates';
export * from './support';
export * from './staff';
export * from './analytics';

const isCall = (value: unknown): value is ApiCall =>
  typeof value === 'object' && value !== null && 'path' in value && 'kind' in value && 'access' in value;

/** Every API call of the platform (spec section 7 and the platform's own), from each module's exports. */
export const apiCalls: readonly ApiCall[] = [
  spine,
  auth,
  users,
  events,
  announcements,
  problems,
  recruiting,
  billing,
  affiliates,
  content,
  certificates,
  support,
  staff,
  analytics,
].flatMap((module) => (Object.values(module) as unknown[]).filter(isCall));
