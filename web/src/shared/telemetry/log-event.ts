import { selectIsSignedIn } from '@/shared/auth/session-slice';
import { getMachineUuid } from '@/shared/lib/machine-uuid';
import type { AppThunk } from '@/shared/lib/store';

/**
 * Records a telemetry event (spec 7, Events). The machine id goes along for anonymous visitors (a
 * signed-in call is already tied to its user), or always when `withMachine` is set (a visit ties the
 * machine to the account). Never fails: telemetry must not break what it observes. Answers whether the
 * server acknowledged the event.
 */
export function logEvent(
  type: string,
  body: Record<string, unknown>,
  options: { withMachine?: boolean } = {},
): AppThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const machineUuid = options.withMachine || !selectIsSignedIn(getState()) ? getMachineUuid() : undefined;
    try {
      const { telemetryApi } = await import('./telemetry-api');
      const call = dispatch(telemetryApi.endpoints.recordEvent.initiate({ type, body, machineUuid }));
      try {
        await call.unwrap();
        return true;
      } finally {
        call.reset();
      }
    } catch {
      // Failures of the event call are not reported anywhere (spec 8).
      return false;
    }
  };
}
