import { useState } from 'react';
import { type WorkspaceOptions, normalizeWorkspaceOptions } from '@app/contracts';

/** The learner's workspace options, starting from the saved ones; each change is saved at once. */
export function useWorkspaceOptions(savedOptions: unknown, onSave: (data: Record<string, unknown>) => void) {
  const [options, setOptions] = useState<WorkspaceOptions>(() => normalizeWorkspaceOptions(savedOptions));

  function updateOptions(change: Partial<WorkspaceOptions>) {
    const next = normalizeWorkspaceOptions({ ...options, ...change });
    setOptions(next);
    onSave({ workspaceOptions: next });
  }

  return { options, updateOptions };
}
