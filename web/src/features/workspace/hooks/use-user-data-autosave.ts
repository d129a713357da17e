import { useCallback } from 'react';
import { useSetUserDataMutation } from '@/shared/api/problems-api';
import { useDebouncedSave } from '@/shared/lib/use-debounced-save';
import { AUTOSAVE_DELAY_MS } from '../utils/workspace-config';
import { useWorkspaceProduct } from '../workspace-product';

type UserDataPatch = Record<string, unknown>;

/**
 * Saving into the learner's user data (deep-merged) for a signed-in learner: `schedule` for what changes
 * as they type (sent once typing pauses), `saveNow` for a deliberate choice such as an option.
 */
export function useUserDataAutosave(signedIn: boolean) {
  const [saveUserData] = useSetUserDataMutation();
  const { params } = useWorkspaceProduct();

  const { schedule, state } = useDebouncedSave(
    async (patch) => {
      const result = await saveUserData({ params, request: { data: patch, deepMerge: true } });
      return !('error' in result);
    },
    AUTOSAVE_DELAY_MS,
    signedIn,
  );
  const saveNow = useCallback(
    (data: UserDataPatch) => {
      if (signedIn) void saveUserData({ params, request: { data, deepMerge: true } });
    },
    [saveUserData, signedIn, params],
  );

  return { schedule, saveNow, state };
}
