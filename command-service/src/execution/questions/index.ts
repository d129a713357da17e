/*
 * The coding questions shipped with the engine, one folder each:
 *   <slug>/question.json      name, prompt, signature, compare options and JSON tests (some hidden)
 *   <slug>/solutions/<lang>   reference solution per language (file named by language id)
 *   <slug>/starters/<lang>    optional starter override; otherwise the language module writes it from the
 *                             signature
 * Files are named by language id without an extension so the repository's TypeScript build, linter and
 * formatter leave learner-style code alone. They are read from the source tree (tsc does not copy them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { codingLanguages, difficulties, judgedQuestionSchema } from '@app/contracts';
import type { CodingLanguage, CompareOptions, FunctionSignature, JsonTest } from '@app/contracts';
import { languageModules } from '../languages/registry';

export type QuestionFixture = {
  slug: string;
  name: string;
  difficulty: (typeof difficulties)[number];
  prompt: string;
  signature: FunctionSignature;
  compare?: CompareOptions;
  tests: JsonTest[];
  solutions: Partial<Record<CodingLanguage, string>>;
  starters: Record<CodingLanguage, string>;
};

const questionFileSchema = z.intersection(
  z.object({
    slug: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    difficulty: z.literal(difficulties),
    prompt: z.string().min(1),
  }),
  judgedQuestionSchema,
);

/** The questions folder in the source tree, from src or from dist. */
export function questionsDir(): string {
  return resolve(__dirname, '..', '..', '..', 'src', 'execution', 'questions');
}

function readIfPresent(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

export function loadQuestion(slug: string, dir: string = questionsDir()): QuestionFixture {
  const folder = join(dir, slug);
  const parsed = questionFileSchema.safeParse(
    JSON.parse(readFileSync(join(folder, 'question.json'), 'utf8')),
  );
  if (!parsed.success) throw new Error(`question ${slug}: ${z.prettifyError(parsed.error)}`);
  const question = parsed.data;
  if (question.slug !== slug) throw new Error(`question ${slug}: its slug says ${question.slug}`);
  return { ...question, ...readQuestionCode(folder, question.signature) };
}

/**
 * A question folder's code: `solutions/<language>` where present, and `starters/<language>` or else
 * the starter the language module writes from the signature.
 */
export function readQuestionCode(
  folder: string,
  signature: FunctionSignature,
): Pick<QuestionFixture, 'solutions' | 'starters'> {
  const solutions: Partial<Record<CodingLanguage, string>> = {};
  const starters = {} as Record<CodingLanguage, string>;
  for (const language of codingLanguages) {
    const solution = readIfPresent(join(folder, 'solutions', language));
    if (solution !== undefined) solutions[language] = solution;
    starters[language] =
      readIfPresent(join(folder, 'starters', language)) ?? languageModules[language].starter(signature);
  }
  return { solutions, starters };
}

export function loadQuestions(dir: string = questionsDir()): QuestionFixture[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'question.json')))
    .map((entry) => loadQuestion(entry.name, dir))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}
