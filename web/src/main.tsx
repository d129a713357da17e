import { systemStatus, rebuildProjection, trackAffiliateClick, telemetryDailyCounts } from '@app/contracts';
import type { CallArg } from './shared/api/contract-endpoint';
import { api } from './shared/api/api-slice';
import { contractQuery, contractMutation } from './shared/api/contract-endpoint';
export const b: CallArg<typeof systemStatus> = 5;
export const c: CallArg<typeof rebuildProjection> = 5;
export const d: CallArg<typeof trackAffiliateClick> = 5;
export const e: CallArg<typeof telemetryDailyCounts> = 5;
export const x = api.injectEndpoints({ endpoints: (build) => ({ systemStatus: contractQuery(build, systemStatus), rebuild: contractMutation(build, rebuildProjection) }) });
export function useY() { const r = x.useSystemStatusQuery(); const n: number = r.data; return n; }
export function useZ() { const [m] = x.useRebuildMutation(); m({ params: { name: 'x' } }); }
