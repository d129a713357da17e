import { type LessonVideo, getLesson } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** The lesson calls of every product: a course section's lessons (the catalogue's), and one lesson. */
export const lessonsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLesson: contractQuery(build, getLesson, { providesTags: ['Catalogue'] }),
  }),
});

export { useListLessonsQuery } from '@/shared/api/catalogue-api';

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
};
