/*
 * Reads the algorithms content of the repository's `content/` folder (see @app/contracts'
 * content/algorithms for the layout). Files are read from the source tree, from src or from dist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  type CodingLanguage,
  type LessonKind,
  type LessonMeta,
  type QuestionContent,
  lessonMetaSchema,
  questionContentSchema,
} from '@app/contracts';
import { readQuestionCode } from '../execution/questions';

/** The content folder holds something a published item cannot be (it names the item and the problem). */
export class ContentError extends Error {}

export type ContentQuestion = QuestionContent & {
  solutions: Partial<Record<CodingLanguage, string>>;
  starters: Record<CodingLanguage, string>;
};

export type ContentLesson = LessonMeta & { kind: LessonKind; body: string };

/** The repository's content folder (CONTENT_DIR overrides it). */
export function contentDir(): string {
  return process.env.CONTENT_DIR ?? resolve(__dirname, '..', '..', '..', 'content');
}

function readJson(path: string, label: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ContentError(`${label}: ${(error as Error).message}`);
  }
}

function folders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

export function loadContentQuestion(folder: string): ContentQuestion {
  const slug = folder.split(/[\\/]/).pop()!;
  const parsed = questionContentSchema.safeParse(readJson(join(folder, 'question.json'), `question ${slug}`));
  if (!parsed.success) throw new ContentError(`question ${slug}: ${z.prettifyError(parsed.error)}`);
  const question = parsed.data;
  if (question.slug !== slug) throw new ContentError(`question ${slug}: its slug says ${question.slug}`);
  return { ...question, ...readQuestionCode(folder, question.signature) };
}

export function loadContentQuestions(dir: string = contentDir()): ContentQuestion[] {
  const root = join(dir, 'algorithms', 'questions');
  return folders(root)
    .filter((name) => existsSync(join(root, name, 'question.json')))
    .map((name) => loadContentQuestion(join(root, name)));
}

export function loadLessons(kind: LessonKind, dir: string = contentDir()): ContentLesson[] {
  const root = join(dir, 'algorithms', kind);
  return folders(root)
    .map((name) => {
      const meta = lessonMetaSchema.safeParse(readJson(join(root, name, 'meta.json'), `${kind} ${name}`));
      if (!meta.success) throw new ContentError(`${kind} ${name}: ${z.prettifyError(meta.error)}`);
      if (meta.data.slug !== name) throw new ContentError(`${kind} ${name}: its slug says ${meta.data.slug}`);
      const body = readFileSync(join(root, name, 'body.md'), 'utf8');
      if (body.trim().length < 400)
        throw new ContentError(`${kind} ${name}: body.md is shorter than 400 characters`);
      return { ...meta.data, kind, body };
    })
    .sort((a, b) => a.order - b.order);
}
