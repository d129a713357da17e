import { useCallback } from 'react';
import { useSetUserDataMutation } from '@/shared/api/problems-api';
import { AUTOSAVE_DELAY_MS, productParams } from '../utils/workspace-config';
import { useDebouncedSave } from '@/shared/lib/use-debounced-save';

type UserDataPatch = Record<string, unknown>;

/**
 * Saving into the learner's user data (deep-merged) for a signed-in learner: `schedule` for what changes
 * as they type (sent once typing pauses), `saveNow` for a deliberate choice such as an option.
 */
export function useUserDataAutosave(signedIn: boolean) {
  const [saveUserData] = useSetUserDataMutation();

  const { schedule, state } = useDebouncedSave(
    async (patch) => {
      const result = await saveUserData({ params: productParams, request: { data: patch, deepMerge: true } });
      return !('error' in result);
    },
    AUTOSAVE_DELAY_MS,
    signedIn,
  );
  const saveNow = useCallback(
    (data: UserDataPatch) => {
      if (signedIn) void saveUserData({ params: productParams, request: { data, deepMerge: true } });
    },
    [saveUserData, signedIn],
  );

  return { schedule, saveNow, state };
}
