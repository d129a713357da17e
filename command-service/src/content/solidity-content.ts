/*
 * Reads the blockchain track's Solidity questions and projects from the content folder (layout in
 * @app/contracts' content/solidity): each folder's JSON checked against its schema, its slug equal to
 * the folder's name, the Solidity files beside it. Throws ContentError on the first bad folder.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type SolidityProject,
  type SolidityQuestion,
  type SolidityTest,
  solidityProjectFileSchema,
  solidityProjectSchema,
  solidityQuestionFileSchema,
  solidityQuestionSchema,
} from '@app/contracts';
import { ContentError, contentDir } from './content-files';

export const SOLIDITY_FOLDER = 'blockchain';

function folders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function readJson(path: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ContentError(`${label}: ${(error as Error).message}`);
  }
}

/** The file schema's data with its Markdown files, checked against the whole schema. */
function withMarkdown<T>(
  schema: z.ZodType<T>,
  data: object,
  folder: string,
  files: string[],
  label: string,
): T {
  const texts: Record<string, string> = {};
  for (const file of files) texts[file.replace(/\.md$/, '')] = readSol(folder, file, label, true)!;
  const parsed = schema.safeParse({ ...data, ...texts });
  if (!parsed.success) throw new ContentError(`${label}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function readSol(folder: string, file: string, label: string, required: boolean): string | undefined {
  const path = join(folder, file);
  if (!existsSync(path)) {
    if (required) throw new ContentError(`${label}: ${file} is missing`);
    return undefined;
  }
  return readFileSync(path, 'utf8');
}

/** What spans files: the contract is in both sources, test names are unique, some tests hidden. */
function checkSources(
  label: string,
  contractName: string,
  files: { starter: string; solution: string },
  tests: SolidityTest[],
  needsHidden: boolean,
): void {
  const declares = new RegExp(`\\bcontract\\s+${contractName}\\b`);
  for (const [file, text] of Object.entries(files)) {
    if (!declares.test(text))
      throw new ContentError(`${label}: ${file}.sol does not declare ${contractName}`);
    if (!/^\/\/ SPDX-License-Identifier: /.test(text))
      throw new ContentError(`${label}: ${file}.sol must start with its SPDX licence line`);
  }
  const names = new Set<string>();
  for (const test of tests) {
    if (names.has(test.name)) throw new ContentError(`${label}: two tests are named "${test.name}"`);
    names.add(test.name);
  }
  if (needsHidden && !tests.some((t) => t.hidden))
    throw new ContentError(`${label}: at least one test must be hidden`);
  if (!tests.some((t) => !t.hidden)) throw new ContentError(`${label}: at least one test must be visible`);
}

export function loadSolidityQuestion(folder: string): SolidityQuestion {
  const slug = folder.split(/[\\/]/).pop()!;
  const label = `${SOLIDITY_FOLDER}/questions/${slug}`;
  const parsed = solidityQuestionFileSchema.safeParse(readJson(join(folder, 'question.json'), label));
  if (!parsed.success) throw new ContentError(`${label}: ${z.prettifyError(parsed.error)}`);
  const meta = withMarkdown(
    solidityQuestionSchema,
    parsed.data,
    folder,
    ['prompt.md', 'walkthrough.md'],
    label,
  );
  if (meta.slug !== slug) throw new ContentError(`${label}: its slug says ${meta.slug}`);
  const starter = readSol(folder, 'starter.sol', label, true)!;
  const solution = readSol(folder, 'solution.sol', label, true)!;
  const support = readSol(folder, 'support.sol', label, false);
  checkSources(label, meta.contractName, { starter, solution }, meta.tests, true);
  return { ...meta, starter, solution, ...(support === undefined ? {} : { support }) };
}

export function loadSolidityProject(folder: string): SolidityProject {
  const slug = folder.split(/[\\/]/).pop()!;
  const label = `${SOLIDITY_FOLDER}/projects/${slug}`;
  const parsed = solidityProjectFileSchema.safeParse(readJson(join(folder, 'project.json'), label));
  if (!parsed.success) throw new ContentError(`${label}: ${z.prettifyError(parsed.error)}`);
  const meta = withMarkdown(solidityProjectSchema, parsed.data, folder, ['brief.md'], label);
  if (meta.slug !== slug) throw new ContentError(`${label}: its slug says ${meta.slug}`);
  const starter = readSol(folder, 'starter.sol', label, true)!;
  const solution = readSol(folder, 'solution.sol', label, true)!;
  const support = readSol(folder, 'support.sol', label, false);
  const tests = meta.milestones.flatMap((m) => m.tests);
  checkSources(label, meta.contractName, { starter, solution }, tests, false);
  return { ...meta, starter, solution, ...(support === undefined ? {} : { support }) };
}

/** content/blockchain/questions/<slug>/: every folder holding a question.json. */
export function loadSolidityQuestions(dir: string = contentDir()): SolidityQuestion[] {
  const root = join(dir, SOLIDITY_FOLDER, 'questions');
  return folders(root)
    .filter((name) => existsSync(join(root, name, 'question.json')))
    .map((name) => loadSolidityQuestion(join(root, name)));
}

/** content/blockchain/projects/<slug>/: every folder holding a project.json. */
export function loadSolidityProjects(dir: string = contentDir()): SolidityProject[] {
  const root = join(dir, SOLIDITY_FOLDER, 'projects');
  return folders(root)
    .filter((name) => existsSync(join(root, name, 'project.json')))
    .map((name) => loadSolidityProject(join(root, name)));
}
