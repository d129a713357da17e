import { useMemo } from 'react';
import { type CodingLanguage, codingLanguages } from '@app/contracts';
import { useListLanguagesQuery } from '@/shared/api/problems-api';
import type { WorkspaceQuestion } from '../workspace-question';

/**
 * The languages this question has starter code for and this deployment can run, and the one shown: the
 * learner's choice when offered, else the first offered.
 */
export function useLanguages(question: WorkspaceQuestion, chosen: CodingLanguage) {
  const languagesQuery = useListLanguagesQuery();

  const languages = useMemo(() => {
    const runnable = new Set(
      (languagesQuery.data?.languages ?? []).filter((l) => l.available).map((l) => l.language),
    );
    const withStarter = codingLanguages.filter((l) => question.starterCode?.[l] !== undefined);
    const offered = withStarter.filter((l) => runnable.size === 0 || runnable.has(l));
    return offered.length > 0 ? offered : withStarter;
  }, [languagesQuery.data, question.starterCode]);
  const language: CodingLanguage = languages.includes(chosen) ? chosen : (languages[0] ?? 'javascript');

  return { languages, language };
}
