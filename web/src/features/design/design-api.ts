import { getDesignQuestion, listDesignQuestions } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** The design-question calls of the systems-design and machine-learning products. */
export const designApi = api.injectEndpoints({
  endpoints: (build) => ({
    listDesignQuestions: contractQuery(build, listDesignQuestions, { providesTags: ['Catalogue'] }),
    getDesignQuestion: contractQuery(build, getDesignQuestion, { providesTags: ['Catalogue'] }),
  }),
});

export const { useListDesignQuestionsQuery, useGetDesignQuestionQuery } = designApi;

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
