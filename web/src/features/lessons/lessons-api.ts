import { type LessonVideo, runRepl } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractMutation } from '@/shared/api/contract-endpoint';

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

/** run-repl: a lesson's runnable example run on the server (nothing recorded). */
export const lessonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    runExample: contractMutation(build, runRepl),
  }),
});

export const { useRunExampleMutation } = lessonsApi;
