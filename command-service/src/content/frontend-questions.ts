/*
 * Reads the frontend product's coding questions (content/frontend/questions; see @app/contracts'
 * content/frontend-questions for the layout), in content-files.ts' manner: every question.json checked
 * against its schema, slugs equal to their folder names, every file present, ContentError on the first
 * bad one. `frontendQuestionProblems` checks what spans questions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type FrontendFiles,
  type FrontendQuestion,
  frontendFileNames,
  frontendQuestionMetaSchema,
  MIN_FRONTEND_MOCHA_TESTS,
} from '@app/contracts';
import { ContentError, contentDir } from './content-files';

/** content/frontend/questions under a content folder. */
export function frontendQuestionsDir(dir: string = contentDir()): string {
  return join(dir, 'frontend', 'questions');
}

function readText(path: string, label: string): string {
  if (!existsSync(path)) throw new ContentError(`${label}: missing`);
  return readFileSync(path, 'utf8');
}

function readFiles(folder: string, label: string): FrontendFiles {
  return {
    html: readText(join(folder, frontendFileNames.html), `${label}/${frontendFileNames.html}`),
    css: readText(join(folder, frontendFileNames.css), `${label}/${frontendFileNames.css}`),
    js: readText(join(folder, frontendFileNames.js), `${label}/${frontendFileNames.js}`),
  };
}

export function loadFrontendQuestion(folder: string): FrontendQuestion {
  const slug = folder.split(/[\\/]/).pop()!;
  const label = `frontend question ${slug}`;
  let json: unknown;
  try {
    json = JSON.parse(readText(join(folder, 'question.json'), `${label}/question.json`));
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(`${label}: ${(error as Error).message}`);
  }
  const parsed = frontendQuestionMetaSchema.safeParse(json);
  if (!parsed.success) throw new ContentError(`${label}: ${z.prettifyError(parsed.error)}`);
  const meta = parsed.data;
  if (meta.slug !== slug) throw new ContentError(`${label}: its slug says ${meta.slug}`);
  const starter = readFiles(join(folder, 'starter'), `${label}/starter`);
  const solution = readFiles(join(folder, 'solution'), `${label}/solution`);
  for (const [name, files] of [
    ['starter', starter],
    ['solution', solution],
  ] as const) {
    if (!files.html.includes(frontendFileNames.css) || !files.html.includes(frontendFileNames.js))
      throw new ContentError(`${label}/${name}/index.html: it must link styles.css and load script.js`);
  }
  const testsPath = join(folder, 'tests.js');
  if (meta.kind === 'screenshot') {
    if (existsSync(testsPath)) throw new ContentError(`${label}: a screenshot question has no tests.js`);
    return { ...meta, starter, solution };
  }
  const tests = readText(testsPath, `${label}/tests.js`);
  const count = (tests.match(/\bit\(/g) ?? []).length;
  if (count < MIN_FRONTEND_MOCHA_TESTS)
    throw new ContentError(`${label}/tests.js: ${count} tests, at least ${MIN_FRONTEND_MOCHA_TESTS} needed`);
  return { ...meta, starter, solution, tests };
}

export function loadFrontendQuestions(dir: string = contentDir()): FrontendQuestion[] {
  const root = frontendQuestionsDir(dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => loadFrontendQuestion(join(root, name)));
}

/** What the set of frontend questions lacks (empty when publishable): counts, kinds, categories, names. */
export function frontendQuestionProblems(questions: FrontendQuestion[]): string[] {
  const problems: string[] = [];
  if (questions.length < 15) problems.push(`${questions.length} frontend questions, at least 15 needed`);
  const screenshots = questions.filter((question) => question.kind === 'screenshot').length;
  if (screenshots < 3) problems.push(`${screenshots} screenshot questions, at least 3 needed`);
  if (!questions.some((question) => question.free)) problems.push('no free frontend question');
  const names = new Set<string>();
  for (const question of questions) {
    if (names.has(question.name)) problems.push(`two frontend questions are named ${question.name}`);
    names.add(question.name);
    if (question.starter.js === question.solution.js && question.starter.css === question.solution.css)
      problems.push(`frontend question ${question.slug}: its starter is its solution`);
  }
  return problems;
}
