/*
 * The questions the engine judges against: the latest QuestionPublished event of each question's
 * stream, with its tests from the blob it names. The command side decides from its own streams (not
 * from a read model), so a submission is judged against exactly the version its stream holds, and a
 * learner who loaded an older version is told so (PROBLEMS_VERSION_MISMATCH) instead of being judged
 * against tests they never saw.
 */
import type { Pool } from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import {
  type CodingLanguage,
  type FunctionSignature,
  type JsonTest,
  type ProblemProductId,
  codingLanguages,
  problemProductIds,
  questionStreamId,
} from '@app/contracts';
import { languageModules } from '../execution/languages/registry';
import type { QuestionFixture } from '../execution/questions';
import { getBlob } from './content-blobs.repository';

export type PublishedQuestion = QuestionFixture & {
  version: number;
  product: ProblemProductId;
  /** Free questions run for every signed-in learner; the others for owners of the product. */
  free: boolean;
};

/** How long a miss by name waits before the names are read again. */
const NAMES_REFRESH_MS = 5_000;

/** The published questions as the command side reads them from their streams; one per process. */
@Injectable()
export class PublishedQuestions {
  /** By stream id: the revision it was read at and the question. */
  private readonly cache = new Map<string, { revision: number; question: PublishedQuestion }>();
  private names = new Map<string, string>();
  private namesReadAt = 0;

  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  /** The ids of every question of a product that was ever published (what a certificate requires). */
  async ids(product: ProblemProductId): Promise<Set<string>> {
    const [coding, frontend] = await Promise.all([
      this.store.latestOfTypeByStream('QuestionPublished', 'product', product),
      // The frontend's questions (judged in Chromium) count like coding questions.
      this.store.latestOfTypeByStream('FrontendQuestionPublished', 'product', product),
    ]);
    return new Set([...coding, ...frontend].map((event) => event.data.questionId));
  }

  /** The ids of every design question of a product that was ever published (a design track's certificate). */
  async designIds(product: ProblemProductId): Promise<Set<string>> {
    const latest = await this.store.latestOfTypeByStream('DesignQuestionPublished', 'product', product);
    return new Set(latest.map((event) => event.data.questionId));
  }

  /** The ids of a product's published lesson practice and course assessment questions (blockchain's certificate). */
  async choiceIds(product: ProblemProductId): Promise<{ practice: Set<string>; assessment: Set<string> }> {
    const [practice, assessment] = await Promise.all([
      this.store.latestOfTypeByStream('PracticeQuestionPublished', 'product', product),
      this.store.latestOfTypeByStream('AssessmentQuestionPublished', 'product', product),
    ]);
    return {
      practice: new Set(practice.map((event) => event.data.questionId)),
      assessment: new Set(assessment.map((event) => event.data.questionId)),
    };
  }

  /** The distinct signatures of the latest published versions of every product's questions. */
  async signatures(): Promise<FunctionSignature[]> {
    const seen = new Map<string, FunctionSignature>();
    for (const product of problemProductIds) {
      for (const event of await this.store.latestOfTypeByStream('QuestionPublished', 'product', product)) {
        const signature = event.data.question.signature;
        seen.set(JSON.stringify(signature), signature);
      }
    }
    return [...seen.values()];
  }

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
    const revision = await this.store.streamRevision(streamId);
    if (revision < 0) return undefined;
    const cached = this.cache.get(streamId);
    if (cached && cached.revision === revision) return cached.question;
    const [event] = await this.store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (event?.type !== 'QuestionPublished') return undefined;
    const data = event.data;
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
    const latest = await this.store.latestOfTypeByStream('QuestionPublished', 'product', product);
    this.names = new Map(
      [...this.names]
        .filter(([k]) => !k.startsWith(`${product}\u0000`))
        .concat(
          latest.map(
            (event) =>
              [`${product}\u0000${event.data.question.name.toLowerCase()}`, event.data.questionId] as [
                string,
                string,
              ],
          ),
        ),
    );
    return this.names.get(key);
  }
}
