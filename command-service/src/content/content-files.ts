/*
 * Reads the algorithms content of the repository's `content/` folder (see @app/contracts'
 * content/algorithms for the layout). Files are read from the source tree, from src or from dist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  type AnyLessonKind,
  type CodingLanguage,
  type DesignQuestionMeta,
  GLOSSARY_MIN_TERMS,
  type GlossaryTerm,
  glossaryTermSchema,
  type LearningLessonMeta,
  type LearningProductId,
  type QuizQuestionContent,
  designQuestionMetaSchema,
  learningLessonMetaSchema,
  learningProducts,
  type TrackCodingProductId,
  trackCodingQuestions,
  markdownProblems,
  orderProblems,
  quizQuestionSchema,
  wordCount,
  wordRanges,
  type LessonKind,
  type LessonMeta,
  type QuestionContent,
  lessonMetaSchema,
  lessonStoryboardSchema,
  lessonVideoFor,
  type LessonVideo,
  type ProblemProductId,
  questionContentSchema,
} from '@app/contracts';
import { readQuestionCode } from '../execution/questions';

/** The content folder holds something a published item cannot be (it names the item and the problem). */
export class ContentError extends Error {}

export type ContentQuestion = QuestionContent & {
  solutions: Partial<Record<CodingLanguage, string>>;
  starters: Record<CodingLanguage, string>;
};

export type ContentLesson = LessonMeta & { kind: LessonKind; body: string; video?: LessonVideo };

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
  return loadQuestionsIn(join(dir, 'algorithms', 'questions'));
}

/**
 * A learning track's coding questions (`content/<folder>/questions`, the algorithms' format), judged in
 * its languages alone (trackCodingQuestions): they are published with those starters only.
 */
export function loadTrackCodingQuestions(
  product: TrackCodingProductId,
  dir: string = contentDir(),
): ContentQuestion[] {
  return loadQuestionsIn(join(dir, trackCodingQuestions[product].folder, 'questions'));
}

function loadQuestionsIn(root: string): ContentQuestion[] {
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
      return {
        ...meta.data,
        kind,
        body,
        ...lessonVideo(join(root, name), meta.data, 'algoexpert', kind, `algorithms/${kind}/${name}`),
      };
    })
    .sort((a, b) => a.order - b.order);
}

/** A systems or machine-learning lesson as read from its folder. */
export type ContentLearningLesson = LearningLessonMeta & {
  kind: AnyLessonKind;
  body: string;
  video?: LessonVideo;
};

/**
 * The lesson's explainer clip when a storyboard (`video.json`) is beside it: only beside a free lesson,
 * since clips are static media everyone can fetch. The clip itself is made from it by
 * web/scripts/make-lesson-clips.mjs.
 */
function lessonVideo(
  folder: string,
  meta: { slug: string; free: boolean },
  product: ProblemProductId,
  kind: string,
  label: string,
): { video?: LessonVideo } {
  const path = join(folder, 'video.json');
  if (!existsSync(path)) return {};
  const board = parseFile(lessonStoryboardSchema, path, `${label}/video.json`);
  if (!meta.free)
    throw new ContentError(`${label}/video.json: clips are open to everyone, so only a free lesson has one`);
  return { video: lessonVideoFor(product, kind, meta.slug, board) };
}

/** A design question as read from its folder. */
export type ContentDesignQuestion = DesignQuestionMeta & { prompt: string; walkthrough: string };

/** A practice question of one lesson (`<course>/<lesson>/practice.json`: the blockchain courses). */
export type ContentPracticeQuestion = QuizQuestionContent & { course: AnyLessonKind; lessonId: string };

/** A question of one course's assessment (`<course>/assessment.json`: the blockchain courses). */
export type ContentAssessmentQuestion = QuizQuestionContent & { course: AnyLessonKind };

export type LearningContent = {
  product: LearningProductId;
  lessons: ContentLearningLesson[];
  quiz: QuizQuestionContent[];
  /** The lessons' practice questions, lesson by lesson in course order, each in its order. */
  practice: ContentPracticeQuestion[];
  /** The courses' assessments, course by course, each question in its order. */
  assessments: ContentAssessmentQuestion[];
  designQuestions: ContentDesignQuestion[];
  /** The glossary's terms, by term (A to Z). */
  glossary: GlossaryTerm[];
};

function parseFile<T>(schema: z.ZodType<T>, path: string, label: string): T {
  const parsed = schema.safeParse(readJson(path, label));
  if (!parsed.success) throw new ContentError(`${label}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function readText(path: string, label: string): string {
  if (!existsSync(path)) throw new ContentError(`${label}: missing`);
  return readFileSync(path, 'utf8');
}

/** A product's `glossary/` folder (`<folder>/glossary/<slug>.json`), by term (A to Z); none when it has no folder. */
function loadGlossary(root: string, folder: string): GlossaryTerm[] {
  const glossaryDir = join(root, 'glossary');
  if (!existsSync(glossaryDir)) return [];
  return readdirSync(glossaryDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const label = `${folder}/glossary/${file}`;
      const term = parseFile(glossaryTermSchema, join(glossaryDir, file), label);
      if (`${term.slug}.json` !== file) throw new ContentError(`${label}: its slug says ${term.slug}`);
      return term;
    })
    .sort((a, b) => a.term.localeCompare(b.term, 'en'));
}

/** The algorithms' glossary (content/algorithms/glossary); its terms point to the algorithms' lessons. */
export function loadAlgorithmsGlossary(dir: string = contentDir()): GlossaryTerm[] {
  return loadGlossary(join(dir, 'algorithms'), 'algorithms');
}

/** What spans the algorithms' glossary files: the checks of every glossary, against the algorithms' lessons. */
export function algorithmsGlossaryProblems(
  glossary: readonly GlossaryTerm[],
  lessons: readonly { slug: string }[],
  options: { words: boolean },
): string[] {
  return glossaryProblems('algorithms/glossary', glossary, lessons, options);
}

/**
 * Reads one learning product's folder (`content/systems`, `content/machine-learning`): every file
 * checked against its schema, slugs against their names. Throws ContentError on the first bad file.
 */
export function loadLearningContent(product: LearningProductId, dir: string = contentDir()): LearningContent {
  const root = join(dir, learningProducts[product].folder);
  const lessons = learningProducts[product].lessonKinds.flatMap((kind) =>
    folders(join(root, kind)).map((name): ContentLearningLesson => {
      const label = `${learningProducts[product].folder}/${kind}/${name}`;
      const meta = parseFile(learningLessonMetaSchema, join(root, kind, name, 'meta.json'), label);
      if (meta.slug !== name) throw new ContentError(`${label}: its slug says ${meta.slug}`);
      return {
        ...meta,
        kind,
        body: readText(join(root, kind, name, 'body.md'), `${label}/body.md`),
        ...lessonVideo(join(root, kind, name), meta, product, kind, label),
      };
    }),
  );
  const quizDir = join(root, 'quiz');
  const quiz = existsSync(quizDir)
    ? readdirSync(quizDir)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => {
          const label = `${learningProducts[product].folder}/quiz/${file}`;
          const question = parseFile(quizQuestionSchema, join(quizDir, file), label);
          if (`${question.slug}.json` !== file)
            throw new ContentError(`${label}: its slug says ${question.slug}`);
          return question;
        })
    : [];
  const designDir = join(root, 'design-questions');
  const designQuestions = folders(designDir).map((name): ContentDesignQuestion => {
    const label = `${learningProducts[product].folder}/design-questions/${name}`;
    const meta = parseFile(designQuestionMetaSchema, join(designDir, name, 'question.json'), label);
    if (meta.slug !== name) throw new ContentError(`${label}: its slug says ${meta.slug}`);
    return {
      ...meta,
      prompt: readText(join(designDir, name, 'prompt.md'), `${label}/prompt.md`),
      walkthrough: readText(join(designDir, name, 'walkthrough.md'), `${label}/walkthrough.md`),
    };
  });
  const glossary = loadGlossary(root, learningProducts[product].folder);
  const practice = learningProducts[product].lessonKinds.flatMap((kind) =>
    lessons
      .filter((lesson) => lesson.kind === kind)
      .sort((a, b) => a.order - b.order)
      .flatMap((lesson) => {
        const path = join(root, kind, lesson.slug, 'practice.json');
        if (!existsSync(path)) return [];
        const label = `${learningProducts[product].folder}/${kind}/${lesson.slug}/practice.json`;
        return parseFile(z.array(quizQuestionSchema).min(1).max(10), path, label)
          .sort((a, b) => a.order - b.order)
          .map((question): ContentPracticeQuestion => ({ ...question, course: kind, lessonId: lesson.slug }));
      }),
  );
  const assessments = learningProducts[product].lessonKinds.flatMap((kind) => {
    const path = join(root, kind, 'assessment.json');
    if (!existsSync(path)) return [];
    const label = `${learningProducts[product].folder}/${kind}/assessment.json`;
    return parseFile(z.array(quizQuestionSchema).min(1).max(20), path, label)
      .sort((a, b) => a.order - b.order)
      .map((question): ContentAssessmentQuestion => ({ ...question, course: kind }));
  });
  return {
    product,
    glossary,
    practice,
    assessments,
    lessons: lessons.sort((a, b) => a.order - b.order),
    quiz: quiz.sort((a, b) => a.order - b.order),
    designQuestions: designQuestions.sort((a, b) => a.order - b.order),
  };
}

/**
 * What spans files in a learning folder: orders 1..n per lesson kind, quiz and design questions, the
 * free sample first of each, the Markdown rules, and (with `words`) the contract's lengths.
 */
export function learningContentProblems(content: LearningContent, options: { words: boolean }): string[] {
  const folder = learningProducts[content.product].folder;
  const problems: string[] = [];
  const inRange = (label: string, text: string, [min, max]: readonly [number, number]) => {
    const words = wordCount(text);
    if (options.words && (words < min || words > max))
      problems.push(`${label}: ${words} words, not ${min} to ${max}`);
  };
  for (const kind of learningProducts[content.product].lessonKinds) {
    const lessons = content.lessons.filter((lesson) => lesson.kind === kind);
    problems.push(
      ...orderProblems(
        `${folder}/${kind}`,
        lessons.map((lesson) => lesson.order),
      ),
    );
    for (const lesson of lessons) {
      const label = `${folder}/${kind}/${lesson.slug}`;
      if (lesson.free !== (lesson.order === 1))
        problems.push(`${label}: free is ${lesson.free}; only the first lesson of a kind is free`);
      problems.push(...markdownProblems(lesson.body).map((problem) => `${label}/body.md ${problem}`));
      inRange(
        `${label}/body.md`,
        lesson.body,
        kind === 'interview-tips' ? wordRanges.tip : wordRanges.lesson,
      );
    }
  }
  problems.push(
    ...orderProblems(
      `${folder}/quiz`,
      content.quiz.map((question) => question.order),
    ),
  );
  const lessonsWithPractice = new Set(
    content.practice.map((question) => `${question.course}/${question.lessonId}`),
  );
  for (const lesson of lessonsWithPractice)
    problems.push(
      ...orderProblems(
        `${folder}/${lesson}/practice.json`,
        content.practice
          .filter((question) => `${question.course}/${question.lessonId}` === lesson)
          .map((question) => question.order),
      ),
    );
  for (const course of new Set(content.assessments.map((question) => question.course)))
    problems.push(
      ...orderProblems(
        `${folder}/${course}/assessment.json`,
        content.assessments
          .filter((question) => question.course === course)
          .map((question) => question.order),
      ),
    );
  // Quiz, practice and assessment questions are judged by one call (submissions/mcq|fitb/create) by id.
  const choiceIds = new Map<string, string>();
  for (const [label, question] of [
    ...content.quiz.map((question) => [`${folder}/quiz/${question.slug}.json`, question] as const),
    ...content.practice.map(
      (question) => [`${folder}/${question.course}/${question.lessonId}/practice.json`, question] as const,
    ),
    ...content.assessments.map(
      (question) => [`${folder}/${question.course}/assessment.json`, question] as const,
    ),
  ]) {
    const other = choiceIds.get(question.slug);
    if (other) problems.push(`${label}: question ${question.slug} is also in ${other}`);
    choiceIds.set(question.slug, label);
  }
  problems.push(
    ...orderProblems(
      `${folder}/design-questions`,
      content.designQuestions.map((question) => question.order),
    ),
  );
  for (const question of content.designQuestions) {
    const label = `${folder}/design-questions/${question.slug}`;
    if (question.free !== (question.order === 1))
      problems.push(`${label}: free is ${question.free}; only order 1 is free`);
    for (const [file, text] of [
      ['prompt.md', question.prompt],
      ['walkthrough.md', question.walkthrough],
    ] as const)
      problems.push(...markdownProblems(text).map((problem) => `${label}/${file} ${problem}`));
    inRange(`${label}/prompt.md`, question.prompt, wordRanges.designPrompt);
    inRange(`${label}/walkthrough.md`, question.walkthrough, wordRanges.walkthrough);
    if (options.words && !/^```mermaid$/m.test(question.walkthrough))
      problems.push(`${label}/walkthrough.md has no mermaid diagram`);
  }
  // Only a track that has a glossary must have enough terms (learningProducts' `glossary`).
  problems.push(
    ...glossaryProblems(`${folder}/glossary`, content.glossary, content.lessons, {
      words: options.words && 'glossary' in learningProducts[content.product],
    }),
  );
  return problems;
}

/** A glossary's terms: each named once, related terms and lessons that exist, the Markdown rules, enough of them. */
function glossaryProblems(
  folder: string,
  glossary: readonly GlossaryTerm[],
  lessonsOfProduct: readonly { slug: string }[],
  options: { words: boolean },
): string[] {
  const problems: string[] = [];
  const slugs = new Set(glossary.map((term) => term.slug));
  const lessons = new Set(lessonsOfProduct.map((lesson) => lesson.slug));
  const names = new Map<string, string>();
  for (const term of glossary) {
    const label = `${folder}/${term.slug}.json`;
    const name = term.term.toLowerCase();
    if (names.has(name)) problems.push(`${label}: ${term.term} is also ${names.get(name)}`);
    names.set(name, term.slug);
    for (const other of term.seeAlso)
      if (other === term.slug || !slugs.has(other))
        problems.push(`${label}: seeAlso names no other term (${other})`);
    if (term.lesson && !lessons.has(term.lesson))
      problems.push(`${label}: lesson ${term.lesson} is not a lesson here`);
    problems.push(...markdownProblems(term.definition).map((problem) => `${label} ${problem}`));
    if (/\]\(/.test(term.definition)) problems.push(`${label} has a link (name the term in seeAlso instead)`);
  }
  if (options.words && glossary.length < GLOSSARY_MIN_TERMS)
    problems.push(`${folder}: ${glossary.length} terms, not at least ${GLOSSARY_MIN_TERMS}`);
  return problems;
}
