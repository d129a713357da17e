/*
 * The questions the engine judges against: the latest QuestionPublished event of each question's
 * stream, with its tests from the blob it names. The command side decides from its own streams (not
 * from a read model), so a submission is judged against exactly the version its stream holds, and a
 * learner who loaded an older version is told so (PROBLEMS_VERSION_MISMATCH) instead of being judged
 * against tests they never saw.
 */
import type { Pool } from 'pg';
import {
  type CodingLanguage,
  type EventDataMap,
  type JsonTest,
  type ProblemProductId,
  codingLanguages,
  questionStreamId,
} from '@app/contracts';
import { languageModules } from '../execution/languages/registry';
import type { QuestionFixture } from '../execution/questions';
import { getBlob } from './publish';

export type PublishedQuestion = QuestionFixture & {
  version: number;
  product: ProblemProductId;
  /** Free questions run for every signed-in learner; the others for owners of the product. */
  free: boolean;
};

/** How long a miss by name waits before the names are read again. */
const NAMES_REFRESH_MS = 5_000;

export class PublishedQuestions {
  /** By stream id: the revision it was read at and the question. */
  private readonly cache = new Map<string, { revision: number; question: PublishedQuestion }>();
  private names = new Map<string, string>();
  private namesReadAt = 0;

  constructor(private readonly pool: Pool) {}

  /** The latest version of a question by id (slug) or name; undefined when none was published. */
  async find(product: ProblemProductId, idOrName: string): Promise<PublishedQuestion | undefined> {
    const id = idOrName.trim().toLowerCase();
    const bySlug = await this.latest(product, id);
    if (bySlug) return bySlug;
    const slug = await this.slugOfName(product, id);
    return slug ? this.latest(product, slug) : undefined;
  }

  private async latest(product: ProblemProductId, slug: string): Promise<PublishedQuestion | undefined> {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) return undefined;
    const streamId = questionStreamId(product, slug);
    const head = await this.pool.query<{ revision: string | null }>(
      'SELECT max(revision) AS revision FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    const revision = head.rows[0].revision === null ? undefined : Number(head.rows[0].revision);
    if (revision === undefined) return undefined;
    const cached = this.cache.get(streamId);
    if (cached && cached.revision === revision) return cached.question;
    const row = await this.pool.query<{ data: EventDataMap['QuestionPublished'] }>(
      'SELECT data FROM es_events WHERE stream_id = $1 AND revision = $2',
      [streamId, revision],
    );
    const data = row.rows[0].data;
    const tests = await getBlob<JsonTest[]>(this.pool, data.tests.sha256);
    if (!tests) throw new Error(`the tests of ${slug} v${data.version} (${data.tests.sha256}) are missing`);
    const starters = {} as Record<CodingLanguage, string>;
    for (const language of codingLanguages)
      starters[language] =
        data.starters[language] ?? languageModules[language].starter(data.question.signature);
    const question: PublishedQuestion = {
      product,
      version: data.version,
      free: data.question.free === true,
      slug: data.questionId,
      name: data.question.name,
      difficulty: data.question.difficulty,
      prompt: data.question.prompt,
      signature: data.question.signature,
      compare: data.question.compare,
      tests,
      solutions: data.solutions,
      starters,
    };
    this.cache.set(streamId, { revision, question });
    this.names.set(`${product}\u0000${question.name.toLowerCase()}`, question.slug);
    return question;
  }

  private async slugOfName(product: ProblemProductId, name: string): Promise<string | undefined> {
    const key = `${product}\u0000${name}`;
    const known = this.names.get(key);
    if (known || Date.now() - this.namesReadAt < NAMES_REFRESH_MS) return known;
    this.namesReadAt = Date.now();
    const result = await this.pool.query<{ id: string; name: string }>(
      `SELECT DISTINCT ON (stream_id) data->>'questionId' AS id, data->'question'->>'name' AS name
         FROM es_events WHERE type = 'QuestionPublished' AND data->>'product' = $1
        ORDER BY stream_id, revision DESC`,
      [product],
    );
    this.names = new Map(
      [...this.names]
        .filter(([k]) => !k.startsWith(`${product}\u0000`))
        .concat(
          result.rows.map((r) => [`${product}\u0000${r.name.toLowerCase()}`, r.id] as [string, string]),
        ),
    );
    return this.names.get(key);
  }
}
