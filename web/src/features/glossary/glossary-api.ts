import { getGlossary } from '@app/contracts';
import { api } from '@/shared/api/api-slice';
import { contractQuery } from '@/shared/api/contract-endpoint';

/** A product's glossary (glossary/get): its terms A to Z. */
export const glossaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGlossary: contractQuery(build, getGlossary, { providesTags: ['Catalogue'] }),
  }),
});

export const { useGetGlossaryQuery } = glossaryApi;
