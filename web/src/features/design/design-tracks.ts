import { DESIGN_COMPLETED_SECTION, type DesignTrackProduct } from '@app/contracts';

/*
 * The products with design questions, and where each keeps its pages. A learner's progress lives in
 * the product's user data (spec 3, generic per-track data): `completed['design-questions']` maps a
 * question id to true once marked completed, and `designQuestions[id]` holds the question's scratchpad
 * text and whiteboard drawing.
 */

export type DesignProduct = DesignTrackProduct;

export type DesignTrack = {
  product: DesignProduct;
  /** The product's section (shared/catalog/products) of the question list. */
  sectionId: string;
  listPath: string;
  questionPath: (questionId: string) => string;
};

export const designTracks: Record<DesignProduct, DesignTrack> = {
  systemsexpert: {
    product: 'systemsexpert',
    sectionId: 'questions',
    listPath: '/systems/questions',
    questionPath: (questionId) => `/systems/workspace/${questionId}`,
  },
  mlexpert: {
    product: 'mlexpert',
    sectionId: 'design-questions',
    listPath: '/machine-learning/design-questions',
    questionPath: (questionId) => `/machine-learning/design-questions/${questionId}`,
  },
  infraexpert: {
    product: 'infraexpert',
    sectionId: 'design-questions',
    listPath: '/infrastructure/design-questions',
    questionPath: (questionId) => `/infrastructure/design-questions/${questionId}`,
  },
};

/** The section of the `completed` maps holding finished design questions (the certificate counts them). */
export const COMPLETED_SECTION = DESIGN_COMPLETED_SECTION;

/** What the learner keeps of one design question. */
export type SavedDesignData = {
  scratchpadText?: string;
  whiteboard?: { elements?: readonly unknown[] };
};

/** The user-data patch marking a question completed (or, `null` deleting it, not). */
export function completionPatch(questionId: string, completed: boolean) {
  return { completed: { [COMPLETED_SECTION]: { [questionId]: completed ? true : null } } };
}

/** The user-data patch saving part of a question's own data. */
export function questionPatch(questionId: string, data: SavedDesignData) {
  return { designQuestions: { [questionId]: data } };
}

/** The completion map in fetched user data (empty when there is none). */
export function completedIn(data: unknown): Record<string, boolean> {
  const completed = (data as { completed?: Record<string, unknown> } | undefined)?.completed;
  const map = completed?.[COMPLETED_SECTION];
  return map && typeof map === 'object' ? (map as Record<string, boolean>) : {};
}

/** One question's saved data in fetched user data. */
export function savedIn(data: unknown, questionId: string): SavedDesignData {
  const all = (data as { designQuestions?: Record<string, unknown> } | undefined)?.designQuestions;
  const saved = all?.[questionId];
  return saved && typeof saved === 'object' ? (saved as SavedDesignData) : {};
}
