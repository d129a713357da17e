import type { CodingLanguage } from '@app/contracts';

/** How each coding language is named to a reader. */
export const languageLabels: Record<CodingLanguage, string> = {
  csharp: 'C#',
  cpp: 'C++',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  kotlin: 'Kotlin',
  python: 'Python',
  swift: 'Swift',
  typescript: 'TypeScript',
};
