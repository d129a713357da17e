import type { ProblemProductId } from '@app/contracts';
import { useDebouncedSave } from '@/shared/lib/use-debounced-save';
import { useSetUserDataMutation } from './problems-api';

/** How long typing pauses before a learner's edits are saved. */
const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves patches into a product's user data (deep-merged) for a signed-in learner once typing pauses, and
 * at once when the page is hidden or the component goes away (useDebouncedSave): answers `schedule`.
 */
export function useProductAutosave(product: ProblemProductId, signedIn: boolean) {
  const [saveUserData] = useSetUserDataMutation();
  return useDebouncedSave(
    async (patch) => {
      const result = await saveUserData({ params: { product }, request: { data: patch, deepMerge: true } });
      return !('error' in result);
    },
    AUTOSAVE_DELAY_MS,
    signedIn,
  ).schedule;
}
