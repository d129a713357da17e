import type { CodingLanguage } from '@app/contracts';
import { useListCodingQuestionsQuery, useListLanguagesQuery } from '@/shared/api/catalogue-api';
import { languageLabels } from './language-labels';

const codingQuestionsArg = { params: { product: 'algoexpert' } } as const;

/**
 * What marketing copy may count, from the catalogue and the engine rather than written-in numbers: the
 * languages this deployment runs now (the languages call; a language whose toolchain is missing is not
 * counted) and the published coding questions. Each is undefined until its answer arrives.
 */
export function useCatalogueCounts() {
  const languages = useListLanguagesQuery();
  const questions = useListCodingQuestionsQuery(codingQuestionsArg);
  const runnable = languages.data?.languages.filter((status) => status.available).map((s) => s.language);
  return {
    /** Labels in the labels' order, the contracts' own (C#, C++, Go...). */
    runnableLanguages: runnable
      ? (Object.keys(languageLabels) as CodingLanguage[])
          .filter((language) => runnable.includes(language))
          .map((language) => languageLabels[language])
      : undefined,
    codingQuestions: questions.data?.questions.length,
  };
}
