import type { LessonVideo } from '@app/contracts';

/** The lesson calls of every product are the catalogue's (one cache per call). */
export { useGetLessonQuery, useListLessonsQuery } from '@/shared/api/catalogue-api';

/** A lesson as lessons/list answers it (the contract passes its fields through). */
export type LessonItem = {
  id: string;
  section: string;
  title: string;
  summary: string;
  order: number;
  minutes: number;
  isFree: boolean;
  acl: { isAvailable: boolean };
  body: string | null;
  /** Its explainer clip, or null (none, or locked). */
  video: LessonVideo | null;
  /** How many practice questions follow it (the blockchain courses; 0 elsewhere). */
  practiceQuestionCount?: number;
};
