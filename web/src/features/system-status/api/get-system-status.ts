import { systemStatus } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery, type CallResponse } from '@/shared/api/contract-endpoint';

export type SystemStatus = CallResponse<typeof systemStatus>;
export type ProjectionStatus = SystemStatus['projections'][number];

export const systemStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    systemStatus: contractQuery(build, systemStatus),
  }),
});

export const { useSystemStatusQuery } = systemStatusApi;
