import { getDesignQuestion } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** The design-question calls of the products with design questions (the list is the catalogue's). */
export const designApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesignQuestion: contractQuery(build, getDesignQuestion, { providesTags: ['Catalogue'] }),
  }),
});

export const { useGetDesignQuestionQuery } = designApi;
export { useListDesignQuestionsQuery } from '@/shared/api/catalogue-api';

/** A design question as design-questions/list answers it (the contract passes its fields through). */
export type DesignQuestionSummary = {
  id: string;
  name: string;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  category: string;
  order: number;
  version: number;
  isFree: boolean;
  acl: { isAvailable: boolean };
};

/** A whole design question, as design-questions/get answers it to someone who may open it. */
export type DesignQuestion = DesignQuestionSummary & {
  prompt: string;
  hints: { title: string; content: string }[];
  walkthrough: string;
};
