import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { Pool } from 'pg';
import {
  type AnyLessonKind,
  type Principal,
  DomainError,
  getDesignQuestion,
  getCatalogueSummary,
  getFundamentals,
  getGlossary,
  getLesson,
  getLongFormQuestion,
  listDesignQuestions,
  listInterviewQuestions,
  listLessons,
  listLongFormQuestions,
  lessonKindOfSection,
  difficultyLabels,
  type LessonVideo,
  type QuizQuestionContent,
  wordCount,
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
import { practiceProjection } from '../practice/practice.projection';
import { projectsProjection } from '../projects/projects.projection';
import { quizzesProjection } from '../quizzes/quizzes.projection';
import { ownsProduct } from './catalogue.controller';

type LessonRow = {
  kind: AnyLessonKind;
  lesson_id: string;
  version: number;
  title: string;
  summary: string;
  position: number;
  minutes: number;
  free: boolean;
  body: string | null;
  video: LessonVideo | null;
  /** How many practice questions follow the lesson (the practice read model's). */
  practice_questions: number;
};

/** The columns of a lesson row, `l` being rm_catalogue_lessons. */
const LESSON_COLUMNS = `l.kind, l.lesson_id, l.version, l.title, l.summary, l.position, l.minutes, l.free, l.body, l.video,
  (SELECT count(*)::int FROM rm_practice_questions p
    WHERE p.product = l.product AND p.course = l.kind AND p.lesson_id = l.lesson_id) AS practice_questions`;

/** A practice question as lessons/get shows it: its prompt and choices, never its answer. */
type PracticeRow = { question_id: string; question: QuizQuestionContent };

type DesignRow = {
  question_id: string;
  version: number;
  position: number;
  name: string;
  difficulty: string;
  category: string;
  free: boolean;
  hints: string[];
  prompt: string;
  walkthrough: string;
};

type CodingRow = { question_id: string; name: string; category: string; difficulty: number; free: boolean };

/** Reading speed behind a long-form question's reading time. */
const WORDS_PER_MINUTE = 200;

/** Minutes to read a text at WORDS_PER_MINUTE, at least one. */
function readingMinutes(...texts: string[]): number {
  return Math.max(1, Math.round(texts.reduce((sum, text) => sum + wordCount(text), 0) / WORDS_PER_MINUTE));
}

/** A lesson as the lesson calls answer it: the text null when the caller may not read it (the locked view). */
function lessonItem(row: LessonRow, owner: boolean) {
  const available = owner || row.free;
  return {
    id: row.lesson_id,
    section: row.kind,
    title: row.title,
    summary: row.summary,
    order: row.position,
    minutes: row.minutes,
    version: row.version,
    isFree: row.free,
    acl: { isAvailable: available },
    body: available ? row.body : null,
    /** Its explainer clip (title, src, captionsSrc, seconds), or null. */
    video: available ? row.video : null,
    /** How many practice questions follow it (the blockchain courses). */
    practiceQuestionCount: row.practice_questions,
  };
}

function practiceItem({ question_id, question }: PracticeRow) {
  return {
    id: question_id,
    number: question.order,
    kind: question.kind,
    topic: question.topic,
    prompt: question.prompt,
    ...(question.kind === 'mcq' ? { choices: question.choices } : {}),
  };
}

/**
 * The learning calls of every product served from the catalogue: course sections of lessons, one
 * lesson, the systems fundamentals, and design questions. Lists are open to everyone (locked items
 * without their text); one item answers its locked view to a caller who does not own the product.
 */
@Controller()
export class LearningController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  @ContractRoute(listLessons)
  async list(
    @ValidatedInput() { params, input }: CallInput<typeof listLessons>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const kind = lessonKindOfSection(input.section);
    if (!kind) throw new DomainError('NOT_FOUND', `There is no course section "${input.section}".`);
    return { items: await this.lessons(params.product, kind, principal, request, response) };
  }

  /** How much the product holds, counted from the read models (the product pages' copy quotes these). */
  @ContractRoute(getCatalogueSummary)
  async summary(
    @ValidatedInput() { params }: CallInput<typeof getCatalogueSummary>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [
      catalogueProjection.name,
      practiceProjection.name,
      quizzesProjection.name,
      projectsProjection.name,
    ]);
    const [lessons, counts] = await Promise.all([
      this.pool.query<{ kind: AnyLessonKind; n: number }>(
        'SELECT kind, count(*)::int AS n FROM rm_catalogue_lessons WHERE product = $1 GROUP BY kind ORDER BY kind',
        [params.product],
      ),
      this.pool.query<{
        coding: number;
        design: number;
        quiz: number;
        practice: number;
        assessment: number;
        projects: number;
      }>(
        `SELECT (SELECT count(*)::int FROM rm_catalogue_questions WHERE product = $1) AS coding,
                (SELECT count(*)::int FROM rm_catalogue_design_questions WHERE product = $1) AS design,
                (SELECT count(*)::int FROM rm_quiz_questions WHERE product = $1) AS quiz,
                (SELECT count(*)::int FROM rm_practice_questions WHERE product = $1) AS practice,
                (SELECT count(*)::int FROM rm_course_assessment_questions WHERE product = $1) AS assessment,
                (SELECT count(*)::int FROM rm_projects WHERE product = $1) AS projects`,
        [params.product],
      ),
    ]);
    const row = counts.rows[0];
    return {
      lessonsByCourse: Object.fromEntries(lessons.rows.map(({ kind, n }) => [kind, n])),
      lessons: lessons.rows.reduce((sum, { n }) => sum + n, 0),
      codingQuestions: row.coding,
      designQuestions: row.design,
      quizQuestions: row.quiz,
      practiceQuestions: row.practice,
      assessmentQuestions: row.assessment,
      projects: row.projects,
    };
  }

  /** The product's glossary, A to Z: base content, open to everyone (the lessons it points to keep their locks). */
  @ContractRoute(getGlossary)
  async glossary(
    @ValidatedInput() { params }: CallInput<typeof getGlossary>,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const { rows } = await this.pool.query<{
      term_id: string;
      version: number;
      term: string;
      definition: string;
      see_also: string[];
      lesson: string | null;
      lesson_kind: AnyLessonKind | null;
      lesson_title: string | null;
    }>(
      `SELECT g.term_id, g.version, g.term, g.definition, g.see_also, g.lesson,
              l.kind AS lesson_kind, l.title AS lesson_title
         FROM rm_catalogue_glossary g
         LEFT JOIN LATERAL (SELECT kind, title FROM rm_catalogue_lessons
                             WHERE product = g.product AND lesson_id = g.lesson ORDER BY kind LIMIT 1) l ON true
        WHERE g.product = $1 ORDER BY lower(g.term), g.term_id`,
      [params.product],
    );
    return {
      items: rows.map((row) => ({
        id: row.term_id,
        term: row.term,
        definition: row.definition,
        seeAlso: row.see_also,
        lesson:
          row.lesson && row.lesson_kind && row.lesson_title
            ? { id: row.lesson, section: row.lesson_kind, title: row.lesson_title }
            : null,
        version: row.version,
      })),
    };
  }

  @ContractRoute(getFundamentals)
  async fundamentals(
    @ValidatedInput() { params }: CallInput<typeof getFundamentals>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    return { items: await this.lessons(params.product, 'fundamentals', principal, request, response) };
  }

  /** One lesson by id (in `section` when given, else the first section holding that id). */
  @ContractRoute(getLesson)
  async get(
    @ValidatedInput() { params, input }: CallInput<typeof getLesson>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name, practiceProjection.name]);
    const kind = input.section === undefined ? undefined : lessonKindOfSection(input.section);
    if (input.section !== undefined && !kind)
      throw new DomainError('NOT_FOUND', `There is no course section "${input.section}".`);
    const { rows } = await this.pool.query<LessonRow>(
      `SELECT ${LESSON_COLUMNS} FROM rm_catalogue_lessons l
        WHERE l.product = $1 AND l.lesson_id = $2 AND ($3::text IS NULL OR l.kind = $3) ORDER BY l.kind LIMIT 1`,
      [params.product, input.lessonId, kind ?? null],
    );
    const row = rows[0];
    if (!row)
      throw new DomainError('NOT_FOUND', `There is no lesson "${input.lessonId}" in ${params.product}.`);
    const owner = ownsProduct(principal, params.product);
    // Practice is for owners (submissions/mcq|fitb/create are): the others see how many questions follow.
    const practice =
      owner && row.practice_questions > 0
        ? await this.pool.query<PracticeRow>(
            `SELECT question_id, question FROM rm_practice_questions
              WHERE product = $1 AND course = $2 AND lesson_id = $3 ORDER BY position, question_id`,
            [params.product, row.kind, row.lesson_id],
          )
        : undefined;
    return {
      ...lessonItem(row, owner),
      practiceQuestions: practice ? practice.rows.map(practiceItem) : null,
    };
  }

  @ContractRoute(listDesignQuestions)
  async designQuestions(
    @ValidatedInput() { params }: CallInput<typeof listDesignQuestions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const { rows } = await this.pool.query<DesignRow>(
      `SELECT question_id, version, position, name, difficulty, category, free FROM rm_catalogue_design_questions
        WHERE product = $1 ORDER BY position, question_id`,
      [params.product],
    );
    return {
      items: rows.map((row) => ({
        id: row.question_id,
        name: row.name,
        difficulty: row.difficulty,
        category: row.category,
        order: row.position,
        version: row.version,
        isFree: row.free,
        acl: { isAvailable: owner || row.free },
      })),
    };
  }

  /** One design question: prompt, hints and walkthrough; PRODUCT_NOT_OWNED for a locked one. */
  @ContractRoute(getDesignQuestion)
  async designQuestion(
    @ValidatedInput() { params, input }: CallInput<typeof getDesignQuestion>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const row = await this.openDesignRow(params.product, input.questionId, principal, 'design question');
    return {
      id: row.question_id,
      name: row.name,
      difficulty: row.difficulty,
      category: row.category,
      order: row.position,
      version: row.version,
      isFree: row.free,
      acl: { isAvailable: true },
      prompt: row.prompt,
      hints: row.hints.map((content, i) => ({
        title: `Hint ${i + 1}`,
        content,
        isNew: false,
        lockedDuration: 0,
      })),
      walkthrough: row.walkthrough,
    };
  }

  /**
   * The long-form questions of a product: its design questions read as written answers (the prompt, then
   * the walkthrough as the model answer), with their reading time; open to everyone, locked ones marked.
   */
  @ContractRoute(listLongFormQuestions)
  async longFormQuestions(
    @ValidatedInput() { params }: CallInput<typeof listLongFormQuestions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const { rows } = await this.pool.query<DesignRow>(
      `SELECT question_id, version, position, name, difficulty, category, free, hints, prompt, walkthrough
         FROM rm_catalogue_design_questions WHERE product = $1 ORDER BY position, question_id`,
      [params.product],
    );
    return {
      items: rows.map((row) => ({
        id: row.question_id,
        title: row.name,
        difficulty: row.difficulty,
        category: row.category,
        order: row.position,
        version: row.version,
        minutes: readingMinutes(row.prompt, row.walkthrough),
        isFree: row.free,
        acl: { isAvailable: owner || row.free },
      })),
    };
  }

  /** One long-form question: its prompt and model answer; PRODUCT_NOT_OWNED for a locked one. */
  @ContractRoute(getLongFormQuestion)
  async longFormQuestion(
    @ValidatedInput() { params, input }: CallInput<typeof getLongFormQuestion>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const row = await this.openDesignRow(params.product, input.questionId, principal, 'long-form question');
    return {
      id: row.question_id,
      title: row.name,
      difficulty: row.difficulty,
      category: row.category,
      order: row.position,
      version: row.version,
      minutes: readingMinutes(row.prompt, row.walkthrough),
      isFree: row.free,
      acl: { isAvailable: true },
      question: row.prompt,
      answer: row.walkthrough,
    };
  }

  /**
   * The interview questions of a product: every question an interviewer of the track may ask, coding
   * (in publishing order) then design (in their order), with the kind, difficulty label and availability.
   */
  @ContractRoute(listInterviewQuestions)
  async interviewQuestions(
    @ValidatedInput() { params }: CallInput<typeof listInterviewQuestions>,
    @CurrentPrincipal() principal: Principal,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name]);
    const owner = ownsProduct(principal, params.product);
    const [coding, design] = await Promise.all([
      this.pool.query<CodingRow>(
        `SELECT question_id, name, category, difficulty, free FROM rm_catalogue_questions
          WHERE product = $1 ORDER BY first_xid, first_pos`,
        [params.product],
      ),
      this.pool.query<DesignRow>(
        `SELECT question_id, name, category, difficulty, free FROM rm_catalogue_design_questions
          WHERE product = $1 ORDER BY position, question_id`,
        [params.product],
      ),
    ]);
    return {
      items: [
        ...coding.rows.map((row) => ({
          id: row.question_id,
          kind: 'coding' as const,
          name: row.name,
          category: row.category,
          difficulty: difficultyLabels[row.difficulty as keyof typeof difficultyLabels],
          isFree: row.free,
          acl: { isAvailable: owner || row.free },
        })),
        ...design.rows.map((row) => ({
          id: row.question_id,
          kind: 'design' as const,
          name: row.name,
          category: row.category,
          difficulty: row.difficulty,
          isFree: row.free,
          acl: { isAvailable: owner || row.free },
        })),
      ],
    };
  }

  /** A product's lessons of one kind, in order; the text only of those the caller may read. */
  private async lessons(
    product: string,
    kind: AnyLessonKind,
    principal: Principal,
    request: HttpRequest,
    response: HttpResponse,
  ) {
    await this.readYourWrites.ensure(request, response, [catalogueProjection.name, practiceProjection.name]);
    const owner = ownsProduct(principal, product);
    const { rows } = await this.pool.query<LessonRow>(
      `SELECT ${LESSON_COLUMNS} FROM rm_catalogue_lessons l
        WHERE l.product = $1 AND l.kind = $2 ORDER BY l.position, l.lesson_id`,
      [product, kind],
    );
    return rows.map((row) => lessonItem(row, owner));
  }

  /** A design question of the product with its text, for one who may open it: NOT_FOUND or PRODUCT_NOT_OWNED otherwise. */
  private async openDesignRow(
    product: string,
    questionId: string,
    principal: Principal,
    kind: 'design question' | 'long-form question',
  ): Promise<DesignRow> {
    const { rows } = await this.pool.query<DesignRow>(
      `SELECT question_id, version, position, name, difficulty, category, free, hints, prompt, walkthrough
         FROM rm_catalogue_design_questions WHERE product = $1 AND question_id = $2`,
      [product, questionId],
    );
    const row = rows[0];
    if (!row) throw new DomainError('NOT_FOUND', `There is no ${kind} "${questionId}" in ${product}.`);
    if (!ownsProduct(principal, product) && !row.free)
      throw new DomainError('PRODUCT_NOT_OWNED', `"${row.name}" is part of ${product}: buy it to open it.`);
    return row;
  }
}
