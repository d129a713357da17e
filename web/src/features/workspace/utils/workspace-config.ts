import type { CodingLanguage, WorkspacePane } from '@app/contracts';

/** The workspace serves the algorithms product's coding questions. */
export const PRODUCT = 'algoexpert';
export const productParams = { product: PRODUCT } as const;
/** Solution slots per question and language (the spec does not give the number). */
export const SOLUTION_SLOTS = 3;
export const AUTOSAVE_DELAY_MS = 800;

export const languageLabels: Record<CodingLanguage, string> = {
  csharp: 'C#',
  cpp: 'C++',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  kotlin: 'Kotlin',
  python: 'Python',
  swift: 'Swift',
  typescript: 'TypeScript',
};

export const paneLabels: Record<WorkspacePane, string> = {
  prompt: 'Prompt',
  scratchpad: 'Scratchpad',
  video: 'Animated Walkthrough',
  walkthrough: 'Walkthrough',
};
