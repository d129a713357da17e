import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { getMachineUuid } from '@/shared/lib/machine-uuid';
import type { AppThunk } from '@/shared/lib/store';

/**
 * Records a telemetry event (spec 7, Events). The machine id goes along only for anonymous visitors:
 * a signed-in call is already tied to its user. Never fails: telemetry must not break what it observes.
 */
export function logEvent(type: string, body: Record<string, unknown>): AppThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const machineUuid = selectIsSignedIn(getState()) ? undefined : getMachineUuid();
    try {
      const { telemetryApi } = await import('./telemetry-api');
      const call = dispatch(telemetryApi.endpoints.recordEvent.initiate({ type, body, machineUuid }));
      try {
        await call.unwrap();
      } finally {
        call.reset();
      }
    } catch {
      // Failures of the event call are not reported anywhere (spec 8).
    }
  };
}
