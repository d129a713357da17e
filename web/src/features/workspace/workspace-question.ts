import type { ReactNode } from 'react';
import type { CallResponse } from '@/shared/api/contract-endpoint';
import type { CodingLanguage, getCodingQuestion } from '@app/contracts';

/** A coding question as the workspace uses it: the contract's fields plus the content it passes through. */
export type WorkspaceQuestion = CallResponse<typeof getCodingQuestion> & {
  complexity?: { time: string; space: string };
  walkthrough?: string;
  /** The visible tests, in the order Run Code judges them. */
  tests?: { input: unknown; output?: unknown }[];
  starterCode?: Record<string, string>;
  solutions?: Record<string, string>;
};

/** What the learner saved for one question (spec 3, algorithms user data), plus a personal note. */
export type SavedQuestionData = {
  solutions?: Record<string, Partial<Record<CodingLanguage, string>>>;
  scratchpadText?: string;
  note?: string;
};

/**
 * The workspace in a timed mode (an assessment, composed by the app): the breadcrumb leads back to
 * `backTo`, the bar shows `barSlot` (the countdown and its actions) in place of the next question, only
 * the prompt and scratchpad panes open, and `notice` says what Submit Code does here.
 */
export type TimedMode = { backTo: string; backLabel: string; barSlot: ReactNode; notice: string };
