import { recordEvent } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';
import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { getMachineUuid } from '@/shared/lib/machine-uuid';
import type { AppThunk } from '@/shared/lib/store';

const telemetryApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordEvent: contractMutation(build, recordEvent),
  }),
});

/**
 * Records a telemetry event (spec 7, Events). The machine id goes along only for anonymous visitors:
 * a signed-in call is already tied to its user. Never fails: telemetry must not break what it observes.
 */
export function logEvent(type: string, body: Record<string, unknown>): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const machineUuid = selectIsSignedIn(getState()) ? undefined : getMachineUuid();
    const call = dispatch(telemetryApi.endpoints.recordEvent.initiate({ type, body, machineUuid }));
    try {
      await call.unwrap();
    } catch {
      // Failures of the event call are not reported anywhere (spec 8).
    } finally {
      call.reset();
    }
  };
}
