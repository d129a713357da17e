/*
 * The frontend questions the browser judge runs: the latest FrontendQuestionPublished of each question's
 * stream, read from the stream (not a read model) like PublishedQuestions, so a submission is judged
 * against the version its stream holds.
 */
import type { Pool } from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import { type FrontendQuestionPublished, type ProblemProductId, questionStreamId } from '@app/contracts';

export type PublishedFrontendQuestion = {
  product: ProblemProductId;
  slug: string;
  version: number;
  free: boolean;
  name: string;
  question: FrontendQuestionPublished['question'];
  solution: FrontendQuestionPublished['solution'];
  tests?: string;
};

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

@Injectable()
export class PublishedFrontendQuestions {
  private readonly cache = new Map<string, { revision: number; item: PublishedFrontendQuestion }>();
  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  /** The latest published version of a question by id; undefined when none was published. */
  async find(product: ProblemProductId, id: string): Promise<PublishedFrontendQuestion | undefined> {
    const slug = id.trim().toLowerCase();
    if (!SLUG.test(slug)) return undefined;
    const streamId = questionStreamId(product, slug);
    const revision = await this.store.streamRevision(streamId);
    if (revision < 0) return undefined;
    const cached = this.cache.get(streamId);
    if (cached && cached.revision === revision) return cached.item;
    const [event] = await this.store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (event?.type !== 'FrontendQuestionPublished') return undefined;
    const data = event.data;
    const item: PublishedFrontendQuestion = {
      product,
      slug: data.questionId,
      version: data.version,
      free: data.question.free,
      name: data.question.name,
      question: data.question,
      solution: data.solution,
      ...(data.tests === undefined ? {} : { tests: data.tests }),
    };
    this.cache.set(streamId, { revision, item });
    return item;
  }
}
