import { useMemo } from 'react';
import { type CodingLanguage, codingLanguages } from '@app/contracts';
import { useListLanguagesQuery } from '@/shared/api/problems-api';
import type { WorkspaceQuestion } from '../workspace-question';

/** How often the list is read again while a language is still warming up on the server. */
const WARMING_POLL_MS = 3_000;

/**
 * The languages this question has starter code for and this deployment can run, and the one shown: the
 * learner's choice when offered, else the first offered. `warming`: those the server is still warming up
 * after a start (they run, maybe slowly); the list is read again until none is.
 */
export function useLanguages(question: WorkspaceQuestion, chosen: CodingLanguage) {
  const languagesQuery = useListLanguagesQuery(undefined);

  const warming = useMemo(
    () =>
      new Set(
        (languagesQuery.data?.languages ?? []).filter((l) => l.state === 'warmingUp').map((l) => l.language),
      ),
    [languagesQuery.data],
  );
  // A second subscription to the same list, polling only while something warms.
  useListLanguagesQuery(undefined, { skip: warming.size === 0, pollingInterval: WARMING_POLL_MS });

  const languages = useMemo(() => {
    const runnable = new Set(
      (languagesQuery.data?.languages ?? []).filter((l) => l.available).map((l) => l.language),
    );
    const withStarter = codingLanguages.filter((l) => question.starterCode?.[l] !== undefined);
    const offered = withStarter.filter((l) => runnable.size === 0 || runnable.has(l));
    return offered.length > 0 ? offered : withStarter;
  }, [languagesQuery.data, question.starterCode]);
  const language: CodingLanguage = languages.includes(chosen) ? chosen : (languages[0] ?? 'javascript');

  return { languages, language, warming: warming as ReadonlySet<CodingLanguage> };
}
