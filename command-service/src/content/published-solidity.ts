/*
 * The Solidity questions and projects the engine judges against: the latest SolidityQuestionPublished or
 * SolidityProjectPublished of each one's stream, with its tests from the blob it names. Read from the
 * streams (not a read model), like PublishedQuestions, so a submission is judged against the version its
 * stream holds and a learner on an older page is told so.
 */
import type { Pool } from 'pg';
import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, PgEventStore } from '@app/server-kit';
import {
  type ProblemProductId,
  type SolidityMilestone,
  type SolidityTest,
  DomainError,
  projectStreamId,
  questionStreamId,
} from '@app/contracts';
import { getBlob } from './content-blobs.repository';

type Common = {
  product: ProblemProductId;
  slug: string;
  name: string;
  version: number;
  free: boolean;
  contractName: string;
  support?: string;
};

export type PublishedSolidityQuestion = Common & { kind: 'question'; tests: SolidityTest[] };
export type PublishedSolidityProject = Common & {
  kind: 'project';
  milestones: Pick<SolidityMilestone, 'title' | 'tests'>[];
};
export type PublishedSolidity = PublishedSolidityQuestion | PublishedSolidityProject;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** One per process: the last version read of each stream, kept until the stream moves. */
@Injectable()
export class PublishedSolidityContent {
  private readonly cache = new Map<string, { revision: number; item: PublishedSolidity }>();
  private readonly store: PgEventStore;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {
    this.store = new PgEventStore(pool);
  }

  /** The latest published version of a question or project by id; undefined when none was published. */
  async find(
    product: ProblemProductId,
    kind: PublishedSolidity['kind'],
    id: string,
  ): Promise<PublishedSolidity | undefined> {
    const slug = id.trim().toLowerCase();
    if (!SLUG.test(slug)) return undefined;
    const streamId = kind === 'question' ? questionStreamId(product, slug) : projectStreamId(product, slug);
    const revision = await this.store.streamRevision(streamId);
    if (revision < 0) return undefined;
    const cached = this.cache.get(streamId);
    if (cached && cached.revision === revision) return cached.item;
    const [event] = await this.store.readStream(streamId, { fromRevision: revision, maxCount: 1 });
    let item: PublishedSolidity | undefined;
    if (event?.type === 'SolidityQuestionPublished') {
      const data = event.data;
      const tests = await this.blob<SolidityTest[]>(data.tests.sha256, slug, data.version);
      item = {
        kind: 'question',
        product,
        slug: data.questionId,
        name: data.question.name,
        version: data.version,
        free: data.question.free,
        contractName: data.question.contractName,
        ...(data.support === undefined ? {} : { support: data.support }),
        tests,
      };
    } else if (event?.type === 'SolidityProjectPublished') {
      const data = event.data;
      const byMilestone = await this.blob<SolidityTest[][]>(data.testsSha256, slug, data.version);
      item = {
        kind: 'project',
        product,
        slug: data.projectId,
        name: data.project.name,
        version: data.version,
        free: data.project.free,
        contractName: data.project.contractName,
        ...(data.support === undefined ? {} : { support: data.support }),
        milestones: data.project.milestones.map((milestone, index) => ({
          title: milestone.title,
          tests: byMilestone[index] ?? [],
        })),
      };
    }
    if (!item) return undefined;
    this.cache.set(streamId, { revision, item });
    return item;
  }

  private async blob<T>(digest: string, slug: string, version: number): Promise<T> {
    const body = await getBlob<T>(this.pool, digest);
    if (body === undefined)
      throw new DomainError('INTERNAL_ERROR', `the tests of ${slug} v${version} (${digest}) are missing`);
    return body;
  }
}
