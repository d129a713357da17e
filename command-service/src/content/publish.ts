/*
 * Publishes the content of the repository's `content/` folder as events: one per question or lesson
 * that is new or changed since its latest published version, with the next version number. Runs at
 * the command-service's start (a deployment publishes the content it ships) and on staff request;
 * several instances may run it at once: each stream's version is the expected state of its append,
 * so a version is published once and the loser of a race reads it back as unchanged.
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import {
  type CodingLanguage,
  type LessonKind,
  type ProblemProductId,
  codingLanguages,
  formatPosition,
  lessonKinds,
  lessonStreamId,
  questionStreamId,
} from '@app/contracts';
import { type AppendContext, type NewEvent, PgEventStore, WrongExpectedVersionError } from '@app/server-kit';
import {
  ContentError,
  type ContentLesson,
  type ContentQuestion,
  loadContentQuestions,
  loadLessons,
} from './content-files';

export type PublishedItem = {
  kind: 'question' | LessonKind;
  id: string;
  version: number;
  /** What happened to it in this run. */
  outcome: 'published' | 'unchanged';
};

export type PublishReport = {
  product: ProblemProductId;
  items: PublishedItem[];
  published: number;
  /** Consistency token of the last append, null when nothing changed. */
  position: string | null;
};

/** JSON with object keys sorted, so equal content always gives the same digest. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Of = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** Stores an immutable blob under its digest (a second write of the same digest does nothing). */
export async function putBlob(pool: Pool, body: unknown): Promise<string> {
  const text = canonicalJson(body);
  const digest = createHash('sha256').update(text).digest('hex');
  // Stored already (every start publishes the same tests again): the body need not travel.
  const known = await pool.query(`SELECT 1 FROM es_content_blobs WHERE sha256 = $1`, [digest]);
  if (known.rowCount) return digest;
  await pool.query(
    `INSERT INTO es_content_blobs (sha256, body, bytes) VALUES ($1, $2::jsonb, $3) ON CONFLICT (sha256) DO NOTHING`,
    [digest, text, Buffer.byteLength(text)],
  );
  return digest;
}

export async function getBlob<T>(pool: Pool, digest: string): Promise<T | undefined> {
  const result = await pool.query<{ body: T }>(`SELECT body FROM es_content_blobs WHERE sha256 = $1`, [
    digest,
  ]);
  return result.rows[0]?.body;
}

function questionEvent(product: ProblemProductId, question: ContentQuestion, testsSha256: string) {
  const { solutions, starters, tests, ...rest } = question;
  const fields = { ...rest, compare: rest.compare };
  const byLanguage = (code: Partial<Record<CodingLanguage, string>>) =>
    Object.fromEntries(codingLanguages.filter((l) => code[l] !== undefined).map((l) => [l, code[l]!]));
  const body = {
    product,
    questionId: question.slug,
    question: fields,
    tests: {
      sha256: testsSha256,
      count: tests.length,
      hidden: tests.filter((t) => t.hidden).length,
      visible: tests.filter((t) => !t.hidden).map((t) => ({ input: t.input, output: t.output })),
    },
    starters: byLanguage(starters),
    solutions: byLanguage(solutions),
  };
  return { body, digest: sha256Of(body) };
}

function lessonEvent(product: ProblemProductId, lesson: ContentLesson) {
  const { slug, kind, ...rest } = lesson;
  const body = { product, kind, lessonId: slug, lesson: rest };
  return { body, digest: sha256Of(body) };
}

/**
 * Appends `data` (with the next version and its digest) to the stream unless its latest event has
 * the same digest. Answers the version the stream holds afterwards.
 */
async function publishOne(
  store: PgEventStore,
  streamId: string,
  type: 'QuestionPublished' | 'LessonPublished',
  body: Record<string, unknown>,
  digest: string,
  actor: AppendContext['actor'],
): Promise<{ version: number; published: boolean; position?: string }> {
  for (let attempt = 0; ; attempt++) {
    const [latest] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const latestData = latest?.data as { version: number; contentSha256: string } | undefined;
    if (latestData?.contentSha256 === digest) return { version: latestData.version, published: false };
    const version = latest ? latest.revision + 2 : 1;
    const event = { type, data: { ...body, version, contentSha256: digest } } as NewEvent;
    try {
      const appended = await store.append(streamId, [event], {
        expectedState: latest ? latest.revision : 'no_stream',
        actor,
      });
      return { version, published: true, position: formatPosition(appended.position) };
    } catch (error) {
      // Another publisher got there first: read what it published and compare again.
      if (error instanceof WrongExpectedVersionError && attempt < 3) continue;
      throw error;
    }
  }
}

export async function publishContent(deps: {
  pool: Pool;
  store?: PgEventStore;
  dir?: string;
  product?: ProblemProductId;
  /** Who published (staff, or the service itself at start). */
  actor?: AppendContext['actor'];
}): Promise<PublishReport> {
  let position: string | null = null;
  const product = deps.product ?? 'algoexpert';
  const store = deps.store ?? new PgEventStore(deps.pool);
  // Everything is read and validated before anything is appended: bad content publishes nothing.
  const questions = loadContentQuestions(deps.dir);
  const lessons = lessonKinds.flatMap((kind) => loadLessons(kind, deps.dir));
  const names = new Map<string, string>();
  for (const question of questions) {
    const other = names.get(question.name.toLowerCase());
    if (other) throw new ContentError(`questions ${other} and ${question.slug} have the same name`);
    names.set(question.name.toLowerCase(), question.slug);
  }
  const items: PublishedItem[] = [];
  for (const question of questions) {
    const testsSha256 = await putBlob(deps.pool, question.tests);
    const { body, digest } = questionEvent(product, question, testsSha256);
    const result = await publishOne(
      store,
      questionStreamId(product, question.slug),
      'QuestionPublished',
      body,
      digest,
      deps.actor,
    );
    position = result.position ?? position;
    items.push({
      kind: 'question',
      id: question.slug,
      version: result.version,
      outcome: result.published ? 'published' : 'unchanged',
    });
  }
  for (const lesson of lessons) {
    const { body, digest } = lessonEvent(product, lesson);
    const result = await publishOne(
      store,
      lessonStreamId(product, lesson.kind, lesson.slug),
      'LessonPublished',
      body,
      digest,
      deps.actor,
    );
    position = result.position ?? position;
    items.push({
      kind: lesson.kind,
      id: lesson.slug,
      version: result.version,
      outcome: result.published ? 'published' : 'unchanged',
    });
  }
  return { product, items, published: items.filter((i) => i.outcome === 'published').length, position };
}
