import type { WorkspacePane } from '@app/contracts';

/** Solution slots per question and language (the spec does not give the number). */
export const SOLUTION_SLOTS = 3;
export const AUTOSAVE_DELAY_MS = 800;

export { languageLabels } from '@/shared/catalog/language-labels';

export const paneLabels: Record<WorkspacePane, string> = {
  prompt: 'Prompt',
  scratchpad: 'Scratchpad',
  video: 'Animated Walkthrough',
  walkthrough: 'Walkthrough',
  solutions: 'Solutions',
};
