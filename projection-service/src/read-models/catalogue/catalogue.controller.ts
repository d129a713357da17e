import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type Actor,
  type LessonKind,
  type Principal,
  type LessonVideo,
  type ProblemProductId,
  type WalkthroughTrace,
  codingLanguages,
  formatPosition,
  getBehaviorals,
  getCodingQuestion,
  getCodingQuestionTrace,
  getDataStructures,
  getInterviewTips,
  getTips,
  listCodingQuestions,
  listQuestionVersions,
  questionVersionFields,
  DomainError,
} from '@app/contracts';
import {
  type CallInput,
  ContractRoute,
  CurrentPrincipal,
  ValidatedInput,
  PG_POOL,
  type HttpRequest,
  type HttpResponse,
} from '@app/server-kit';
import { ReadYourWrites } from '../../infrastructure/read-your-writes';
import { catalogueProjection } from './catalogue.projection';

/** The product the algorithms content (behavioral lessons included) belongs to. */
const ALGORITHMS: ProblemProductId = 'algoexpert';

/** Staff and operators see everything; a learner what they own, and the free items of the rest. */
export function ownsProduct(principal: Principal, product: string): boolean {
  if (principal.kind === 'operator') return true;
  if (principal.kind !== 'user') return false;
  return principal.roles.includes('staff') || (principal.products as readonly string[]).includes(product);
}

type QuestionListRow = {
  question_id: string;
  uid: string;
  number: string;
  version: number;
  name: string;
  category: string;
  difficulty: 1 | 2 | 3 | 4;
  free: boolean;
};

/** A Solidity question's detail (the blockchain track), as the catalogue folds SolidityQuestionPublished. */
type SolidityDetail = {
  judge: 'solidity';
  prompt: string;
  hints: string[];
  walkthrough: string;
  contractName: string;
  tests: { count: number; hidden: number; visible: unknown[] };
  starter: string;
  solution: string;
  support: string | null;
};

type PageFiles = { html: string; css: string; js: string };

/** A frontend question's detail, as the catalogue folds FrontendQuestionPublished. */
type FrontendDetail = {
  judge: 'mocha' | 'screenshot';
  prompt: string;
  hints: string[];
  walkthrough: string;
  testTimeoutMs?: number;
  viewport?: { width: number; height: number; deviceScaleFactor: number };
  tolerance?: { threshold: number; maxDiffRatio: number };
  starter: PageFiles;
  solution: PageFiles;
  tests: string | null;
};

const isFrontendDetail = (detail: { judge?: string }): detail is FrontendDetail =>
  detail.judge === 'mocha' || detail.judge === 'screenshot';

type QuestionDetail = {
  judge?: undefined;
  prompt: string;
  hints: string[];
  complexity: { time: string; space: string };
  walkthrough: string;
  signature: unknown;
  compare?: unknown;
  tests: { count: number; hidden: number; visible: unknown[] };
  starters: Record<string, string>;
  solutions: Record<string, string>;
};

type QuestionVersionRow = {
  question_id: string;
  uid: string;
  name: string;
  version: number;
  published_at: Date;
  published_by: Actor;
  event_id: string;
  event_xid: string;
  event_pos: string;
  content_sha256: string;
  tests_sha256: string;
  tests_count: number;
  hidden_tests: number;
  /** Field (or `starters.<language>`, `solutions.<language>`) to the digest of its value. */
  field_digests: Record<string, string>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What differs between two versions' field digests (a key present in one only differs too): the
 * top-level fields in the order of questionVersionFields (any other after them, sorted), and the
 * languages whose starter or reference solution differs. With no previous version, all of them.
 */
export function versionChanges(current: Record<string, string>, previous: Record<string, string> = {}) {
  const differing = [...new Set([...Object.keys(current), ...Object.keys(previous)])].filter(
    (key) => current[key] !== previous[key],
  );
  const fields = [...new Set(differing.map((key) => key.split('.')[0]))];
  const rank = (field: string) => {
    const index = (questionVersionFields as readonly string[]).indexOf(field);
    return index < 0 ? questionVersionFields.length : index;
  };
  const languagesOf = (field: 'starters' | 'solutions') =>
    codingLanguages.filter((language) => differing.includes(`${field}.${language}`));
  return {
    changedFields: fields.sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)),
    changedLanguages: {
      starters: languagesOf('starters'),
      solutions: languagesOf('solutions'),
    },
  };
}

@Controller()
export class CatalogueController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  /** Every question of the product, numbered in publication order, with its availability. */
  @ContractRoute(listCodingQuestions)
  async list(
    @ValidatedInput() { params }: CallInput<typeof listCodingQuestions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const { rows } = await this.pool.query<QuestionListRow>(
      `SELECT question_id, uid, row_number() OVER (ORDER BY first_xid, first_pos) AS number, version, name,
              category, difficulty, free
         FROM rm_catalogue_questions WHERE product = $1
        ORDER BY first_xid, first_pos`,
      [params.product],
    );
    return { questions: rows.map((row) => this.summary(row, owner)) };
  }

  /** One question by name (case-insensitive, or its id) or uid: prompt, hints, code, visible tests. */
  @ContractRoute(getCodingQuestion)
  async get(
    @ValidatedInput() { params, input }: CallInput<typeof getCodingQuestion>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const row = await this.findQuestion<QuestionDetail | SolidityDetail | FrontendDetail>(
      params.product,
      input,
      principal,
      `detail - 'walkthroughTrace'`,
    );
    const owner = ownsProduct(principal, params.product);
    const { detail } = row;
    const common = {
      ...this.summary(row, owner),
      version: row.version,
      prompt: detail.prompt,
      hints: detail.hints.map((content, i) => ({
        title: `Hint ${i + 1}`,
        content,
        isNew: false,
        lockedDuration: 0,
      })),
    };
    if (isFrontendDetail(detail))
      return {
        ...common,
        judge: detail.judge,
        walkthrough: detail.walkthrough,
        starterFiles: detail.starter,
        solutionFiles: detail.solution,
        testsSource: detail.tests,
        ...(detail.viewport ? { viewport: detail.viewport } : {}),
        ...(detail.tolerance ? { tolerance: detail.tolerance } : {}),
      };
    if (detail.judge === 'solidity')
      return {
        ...common,
        judge: 'solidity',
        walkthrough: detail.walkthrough,
        contractName: detail.contractName,
        tests: detail.tests.visible,
        testsCount: detail.tests.count,
        hiddenTestsCount: detail.tests.hidden,
        starterCode: { solidity: detail.starter },
        solutions: { solidity: detail.solution },
        support: detail.support,
      };
    return {
      ...common,
      complexity: detail.complexity,
      walkthrough: detail.walkthrough,
      signature: detail.signature,
      compare: detail.compare ?? null,
      tests: detail.tests.visible,
      testsCount: detail.tests.count,
      hiddenTestsCount: detail.tests.hidden,
      starterCode: detail.starters,
      solutions: detail.solutions,
    };
  }

  /**
   * The walkthrough trace of one question, found as `get` finds it and open to the same callers; null
   * when its published version carries none.
   */
  @ContractRoute(getCodingQuestionTrace)
  async trace(
    @ValidatedInput() { params, input }: CallInput<typeof getCodingQuestionTrace>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const row = await this.findQuestion<{ walkthroughTrace: WalkthroughTrace | null }>(
      params.product,
      input,
      principal,
      `jsonb_build_object('walkthroughTrace', detail->'walkthroughTrace')`,
    );
    return {
      questionId: row.question_id,
      version: row.version,
      trace: row.detail.walkthroughTrace ?? null,
    };
  }

  /**
   * One question of the product by uid, else by name (any case) or id, with `detailSql` (an expression
   * of its `detail`) as its detail. NOT_FOUND when there is none, PRODUCT_NOT_OWNED when the caller may
   * not open it (a question not free, of a product they do not own).
   */
  private async findQuestion<Detail>(
    product: ProblemProductId,
    input: { name?: string; uid?: string },
    principal: Principal,
    detailSql: string,
  ): Promise<QuestionListRow & { detail: Detail }> {
    const byUid = input.uid !== undefined && /^[0-9a-f-]{36}$/i.test(input.uid);
    const { rows } = await this.pool.query<QuestionListRow & { detail: Detail }>(
      `SELECT * FROM (
         SELECT question_id, uid, row_number() OVER (ORDER BY first_xid, first_pos) AS number, version, name,
                category, difficulty, free, ${detailSql} AS detail
           FROM rm_catalogue_questions WHERE product = $1) q
        WHERE ${byUid ? 'uid = $2::uuid' : input.uid !== undefined ? 'false' : 'lower(name) = lower($2) OR question_id = lower($2)'}`,
      [product, input.uid ?? input.name],
    );
    const row = rows[0];
    if (!row)
      throw new DomainError('NOT_FOUND', `There is no question "${input.uid ?? input.name}" in ${product}.`);
    if (!ownsProduct(principal, product) && !row.free)
      throw new DomainError(
        'PRODUCT_NOT_OWNED',
        `"${row.name}" is part of ${product}: buy it to open every question.`,
      );
    return row;
  }

  /**
   * Staff: every version of one question, newest first, with what changed in each. The question is
   * found as `get` finds it: a uid, else its name (any case) or its id.
   */
  @ContractRoute(listQuestionVersions)
  async versions(
    @ValidatedInput() { params, input }: CallInput<typeof listQuestionVersions>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const { questionId } = params;
    const byUid = UUID.test(questionId);
    const { rows } = await this.pool.query<QuestionVersionRow>(
      `SELECT q.question_id, q.uid, q.name, v.version, v.published_at, v.published_by, v.event_id,
              v.event_xid, v.event_pos, v.content_sha256, v.tests_sha256, v.tests_count, v.hidden_tests,
              v.field_digests
         FROM rm_catalogue_questions q
         JOIN rm_catalogue_question_versions v USING (product, question_id)
        WHERE q.product = $1
          AND ${byUid ? 'q.uid = $2::uuid' : '(lower(q.name) = lower($2) OR q.question_id = lower($2))'}
        ORDER BY v.version`,
      [input.product, questionId],
    );
    const question = rows[0];
    if (!question)
      throw new DomainError('NOT_FOUND', `There is no question "${questionId}" in ${input.product}.`);
    const versions = rows.map((row, i) => ({
      version: row.version,
      publishedAt: row.published_at.toISOString(),
      publishedBy: row.published_by,
      eventId: row.event_id,
      position: formatPosition({ transactionId: BigInt(row.event_xid), position: BigInt(row.event_pos) }),
      contentSha256: row.content_sha256,
      tests: { sha256: row.tests_sha256, count: row.tests_count, hidden: row.hidden_tests },
      ...versionChanges(row.field_digests, rows[i - 1]?.field_digests),
    }));
    return {
      product: input.product,
      id: question.question_id,
      uid: question.uid,
      name: question.name,
      versions: versions.reverse(),
    };
  }

  @ContractRoute(getDataStructures)
  async dataStructures(
    @ValidatedInput() { params }: CallInput<typeof getDataStructures>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.lessons(params.product, 'data-structures', principal, request, response);
  }

  /** Tips of the product: for algorithms, its interview tips (the spec names both calls). */
  @ContractRoute(getTips)
  async tips(
    @ValidatedInput() { params }: CallInput<typeof getTips>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.lessons(params.product, 'interview-tips', principal, request, response);
  }

  @ContractRoute(getInterviewTips)
  async interviewTips(
    @ValidatedInput() { params }: CallInput<typeof getInterviewTips>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.lessons(params.product, 'interview-tips', principal, request, response);
  }

  @ContractRoute(getBehaviorals)
  async behaviorals(
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return this.lessons(ALGORITHMS, 'behavioral', principal, request, response);
  }

  private summary(row: QuestionListRow, owner: boolean) {
    return {
      id: row.question_id,
      uid: row.uid,
      name: row.name,
      category: row.category,
      difficulty: row.difficulty,
      metadata: { number: Number(row.number), version: row.version },
      acl: { isAvailable: owner || row.free },
      isFree: row.free,
      video: null,
    };
  }

  /** A product's lessons of one kind, in order; the text only of those the caller may read. */
  private async lessons(
    product: string,
    kind: LessonKind,
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const owner = ownsProduct(principal, product);
    const { rows } = await this.pool.query<{
      lesson_id: string;
      version: number;
      title: string;
      summary: string;
      position: number;
      minutes: number;
      free: boolean;
      body: string;
      video: LessonVideo | null;
    }>(
      `SELECT lesson_id, version, title, summary, position, minutes, free, body, video FROM rm_catalogue_lessons
        WHERE product = $1 AND kind = $2 ORDER BY position, lesson_id`,
      [product, kind],
    );
    return {
      items: rows.map((row) => ({
        id: row.lesson_id,
        title: row.title,
        summary: row.summary,
        order: row.position,
        minutes: row.minutes,
        version: row.version,
        isFree: row.free,
        acl: { isAvailable: owner || row.free },
        body: owner || row.free ? row.body : null,
        video: owner || row.free ? row.video : null,
      })),
    };
  }
}
