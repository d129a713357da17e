import { type CodingLanguage, type ProductId, problemProductIds } from '@app/contracts';
import { useGetCatalogueSummaryQuery, useListLanguagesQuery } from '@/shared/api/catalogue-api';
import type { CatalogueCounts } from './products';
import { languageLabels } from './language-labels';

/**
 * What marketing copy may count, from the catalogue and the engine rather than written-in numbers: the
 * languages this deployment runs now (the languages call; a language whose toolchain is missing is not
 * counted) and, for a product, what its catalogue holds (catalogue/summary). Each is undefined until
 * its answer arrives.
 */
export function useCatalogueCounts(productId?: ProductId): CatalogueCounts {
  const languages = useListLanguagesQuery();
  const product = problemProductIds.find((id) => id === productId);
  const summary = useGetCatalogueSummaryQuery(
    { params: { product: product ?? 'algoexpert' } },
    { skip: product === undefined },
  );
  const runnable = languages.data?.languages.filter((status) => status.available).map((s) => s.language);
  return {
    /** Labels in the labels' order, the contracts' own (C#, C++, Go...). */
    runnableLanguages: runnable
      ? (Object.keys(languageLabels) as CodingLanguage[])
          .filter((language) => runnable.includes(language))
          .map((language) => languageLabels[language])
      : undefined,
    summary: summary.data,
  };
}
