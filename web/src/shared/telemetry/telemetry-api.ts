import { recordEvent } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

/** The telemetry call, in a module of its own: it carries the contract's schema, loaded on first use. */
export const telemetryApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordEvent: contractMutation(build, recordEvent),
  }),
});
