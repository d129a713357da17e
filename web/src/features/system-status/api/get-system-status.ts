import { systemStatusRoute, type systemStatus } from '@app/contracts';
import { api, markQuietEndpoints } from '@/shared/api/api-slice';
import { contractQuery, type CallResponse } from '@/shared/api/contract-endpoint';

export type SystemStatus = CallResponse<typeof systemStatus>;
export type ProjectionStatus = SystemStatus['projections'][number];

export const systemStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemStatus: contractQuery(build, systemStatusRoute),
  }),
});

export const { useSystemStatusQuery } = systemStatusApi;

// Polled by the status page: a failed round is ignored, the next one asks again (spec 7).
markQuietEndpoints('systemStatus');
