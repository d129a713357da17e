/*
 * Publishes the content of the repository's `content/` folder as events: one per question or lesson
 * that is new or changed since its latest published version, with the next version number. Runs at
 * the command-service's start (a deployment publishes the content it ships) and on staff request;
 * several instances may run it at once: each stream's version is the expected state of its append,
 * so a version is published once and the loser of a race reads it back as unchanged.
 */
import { join } from 'node:path';
import type { Pool } from 'pg';
import {
  type CodingLanguage,
  type AnyLessonKind,
  designQuestionStreamId,
  type GlossaryTerm,
  glossaryTermStreamId,
  learningProductIds,
  trackCodingProductIds,
  trackCodingQuestions,
  quizQuestionStreamId,
  practiceQuestionStreamId,
  projectStreamId,
  assessmentQuestionStreamId,
  type ProblemProductId,
  codingLanguages,
  formatPosition,
  lessonKinds,
  lessonStreamId,
  questionStreamId,
  type WalkthroughTrace,
} from '@app/contracts';
import { type AppendContext, PgEventStore, WrongExpectedVersionError } from '@app/server-kit';
import {
  ContentError,
  type ContentLesson,
  type ContentQuestion,
  contentDir,
  type ContentLearningLesson,
  loadContentQuestions,
  loadLearningContent,
  loadAlgorithmsGlossary,
  loadLessons,
  loadTrackCodingQuestions,
} from './content-files';
import { sha256Of } from './canonical-json';
import { putBlob } from './content-blobs.repository';
import { type ContentItem, decidePublishContentItem } from './publish-content/decide-publish-content';
import { currentTrace } from './walkthrough-traces/generate-trace';
import { loadSolidityProjects, loadSolidityQuestions } from './solidity-content';
import { loadFrontendQuestions } from './frontend-questions';

/** The product the Solidity questions and projects belong to. */
const SOLIDITY_PRODUCT: ProblemProductId = 'blockchainexpert';
/** The product the frontend coding questions (judged in Chromium) belong to. */
const FRONTEND_PRODUCT: ProblemProductId = 'frontendexpert';

export type PublishedItem = {
  /** Absent: the algorithms product. */
  product?: ProblemProductId;
  kind:
    | 'question'
    | 'quiz'
    | 'practice'
    | 'assessment'
    | 'design-question'
    | 'glossary'
    | 'project'
    | AnyLessonKind;
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

function questionEvent(
  product: ProblemProductId,
  question: ContentQuestion,
  testsSha256: string,
  walkthroughTrace: WalkthroughTrace | undefined,
  /** The languages it is offered in (starters and solutions); every language by default. */
  languages: readonly CodingLanguage[] = codingLanguages,
) {
  const { solutions, starters, tests, ...rest } = question;
  const fields = { ...rest, compare: rest.compare };
  const byLanguage = (code: Partial<Record<CodingLanguage, string>>) =>
    Object.fromEntries(languages.filter((l) => code[l] !== undefined).map((l) => [l, code[l]!]));
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
    ...(walkthroughTrace ? { walkthroughTrace } : {}),
  };
  return { body, digest: sha256Of(body) };
}

function lessonEvent(product: ProblemProductId, lesson: ContentLesson | ContentLearningLesson) {
  const { slug, kind, ...rest } = lesson;
  const body = { product, kind, lessonId: slug, lesson: rest };
  return { body, digest: sha256Of(body) };
}

/**
 * Appends the item (with the next version and its digest) to its stream unless its latest event has
 * the same digest. Answers the version the stream holds afterwards.
 */
async function publishOne(
  store: PgEventStore,
  streamId: string,
  item: ContentItem,
  actor: AppendContext['actor'],
): Promise<{ version: number; published: boolean; position?: string }> {
  for (let attempt = 0; ; attempt++) {
    const [latest] = await store.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const latestData = latest?.data as { version: number; contentSha256: string } | undefined;
    const decision = decidePublishContentItem(
      item,
      latest && latestData && { revision: latest.revision, ...latestData },
    );
    if (decision.events.length === 0) return { version: decision.version, published: false };
    try {
      const appended = await store.append(streamId, decision.events, {
        expectedState: latest ? latest.revision : 'no_stream',
        actor,
      });
      return { version: decision.version, published: true, position: formatPosition(appended.position) };
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
  const questionsDir = join(deps.dir ?? contentDir(), 'algorithms', 'questions');
  // Everything is read and validated before anything is appended: bad content publishes nothing.
  const questions = loadContentQuestions(deps.dir);
  const lessons = lessonKinds.flatMap((kind) => loadLessons(kind, deps.dir));
  const glossary = loadAlgorithmsGlossary(deps.dir);
  const names = new Map<string, string>();
  for (const question of questions) {
    const other = names.get(question.name.toLowerCase());
    if (other) throw new ContentError(`questions ${other} and ${question.slug} have the same name`);
    names.set(question.name.toLowerCase(), question.slug);
  }
  const items: PublishedItem[] = [];
  for (const question of questions) {
    const testsSha256 = await putBlob(deps.pool, question.tests);
    // A trace made from another solution or test than this one's is left out (npm run traces).
    const trace = currentTrace(join(questionsDir, question.slug), question);
    const { body, digest } = questionEvent(product, question, testsSha256, trace);
    const result = await publishOne(
      store,
      questionStreamId(product, question.slug),
      { type: 'QuestionPublished', body, digest },
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
  // The learning products' folders, read and checked before anything is appended.
  const learning = learningProductIds.map((id) => loadLearningContent(id, deps.dir));
  const trackQuestions = trackCodingProductIds.map((track) => {
    const trackNames = new Set<string>();
    const loaded = loadTrackCodingQuestions(track, deps.dir);
    for (const question of loaded) {
      if (trackNames.has(question.name.toLowerCase()))
        throw new ContentError(`two ${track} coding questions are named ${question.name}`);
      trackNames.add(question.name.toLowerCase());
    }
    return { track, questions: loaded };
  });
  const solidityQuestions = loadSolidityQuestions(deps.dir);
  const solidityProjects = loadSolidityProjects(deps.dir);
  const frontendQuestions = loadFrontendQuestions(deps.dir);
  const slugs = new Set(solidityQuestions.map((question) => question.slug));
  for (const project of solidityProjects)
    if (slugs.has(project.slug))
      throw new ContentError(`blockchain: a question and a project are both named ${project.slug}`);
  for (const lesson of lessons) {
    const { body, digest } = lessonEvent(product, lesson);
    const result = await publishOne(
      store,
      lessonStreamId(product, lesson.kind, lesson.slug),
      { type: 'LessonPublished', body, digest },
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
  type PublishArgs = [
    kind: PublishedItem['kind'],
    id: string,
    streamId: string,
    type: ContentItem['type'],
    body: Record<string, unknown>,
  ];
  /** One item whose digest is its body's; reported under its product when it is not the algorithms'. */
  const publishItem = async (
    itemProduct: ProblemProductId | undefined,
    ...[kind, id, streamId, type, body]: PublishArgs
  ) => {
    const result = await publishOne(store, streamId, { type, body, digest: sha256Of(body) }, deps.actor);
    position = result.position ?? position;
    items.push({
      ...(itemProduct ? { product: itemProduct } : {}),
      kind,
      id,
      version: result.version,
      outcome: result.published ? 'published' : 'unchanged',
    });
  };
  /** A product's glossary terms, each on its own stream. */
  const publishGlossary = async (
    glossaryProduct: ProblemProductId,
    terms: readonly GlossaryTerm[],
    itemProduct?: ProblemProductId,
  ) => {
    for (const { slug, ...term } of terms)
      await publishItem(
        itemProduct,
        'glossary',
        slug,
        glossaryTermStreamId(glossaryProduct, slug),
        'GlossaryTermPublished',
        { product: glossaryProduct, termId: slug, term },
      );
  };
  await publishGlossary(product, glossary);
  for (const { track, questions: ofTrack } of trackQuestions)
    for (const question of ofTrack) {
      const testsSha256 = await putBlob(deps.pool, question.tests);
      const { body, digest } = questionEvent(
        track,
        question,
        testsSha256,
        undefined,
        trackCodingQuestions[track].languages,
      );
      const result = await publishOne(
        store,
        questionStreamId(track, question.slug),
        { type: 'QuestionPublished', body, digest },
        deps.actor,
      );
      position = result.position ?? position;
      items.push({
        product: track,
        kind: 'question',
        id: question.slug,
        version: result.version,
        outcome: result.published ? 'published' : 'unchanged',
      });
    }
  for (const question of solidityQuestions) {
    const { slug, tests, starter, solution, support, contractName, ...meta } = question;
    const testsSha256 = await putBlob(deps.pool, tests);
    await publishItem(
      SOLIDITY_PRODUCT,
      'question',
      slug,
      questionStreamId(SOLIDITY_PRODUCT, slug),
      'SolidityQuestionPublished',
      {
        product: SOLIDITY_PRODUCT,
        questionId: slug,
        question: { ...meta, contractName },
        tests: {
          sha256: testsSha256,
          count: tests.length,
          hidden: tests.filter((test) => test.hidden).length,
          visible: tests.filter((test) => !test.hidden),
        },
        starter,
        solution,
        ...(support === undefined ? {} : { support }),
      },
    );
  }
  for (const project of solidityProjects) {
    const { slug, milestones, starter, solution, support, ...meta } = project;
    const testsSha256 = await putBlob(
      deps.pool,
      milestones.map((milestone) => milestone.tests),
    );
    await publishItem(
      SOLIDITY_PRODUCT,
      'project',
      slug,
      projectStreamId(SOLIDITY_PRODUCT, slug),
      'SolidityProjectPublished',
      {
        product: SOLIDITY_PRODUCT,
        projectId: slug,
        project: {
          ...meta,
          milestones: milestones.map(({ title, body, tests }) => ({
            title,
            body,
            testsCount: tests.length,
            hiddenTests: tests.filter((test) => test.hidden).length,
            visible: tests.filter((test) => !test.hidden),
          })),
        },
        testsSha256,
        starter,
        solution,
        ...(support === undefined ? {} : { support }),
      },
    );
  }
  for (const { slug, starter, solution, tests, ...question } of frontendQuestions)
    await publishItem(
      FRONTEND_PRODUCT,
      'question',
      slug,
      questionStreamId(FRONTEND_PRODUCT, slug),
      'FrontendQuestionPublished',
      {
        product: FRONTEND_PRODUCT,
        questionId: slug,
        question,
        starter,
        solution,
        ...(tests === undefined ? {} : { tests }),
      },
    );
  for (const content of learning) {
    const publish = (...item: PublishArgs) => publishItem(content.product, ...item);
    for (const lesson of content.lessons) {
      const { body } = lessonEvent(content.product, lesson);
      await publish(
        lesson.kind,
        lesson.slug,
        lessonStreamId(content.product, lesson.kind, lesson.slug),
        'LessonPublished',
        body,
      );
    }
    for (const question of content.quiz)
      await publish(
        'quiz',
        question.slug,
        quizQuestionStreamId(content.product, question.slug),
        'QuizQuestionPublished',
        { product: content.product, questionId: question.slug, question },
      );
    for (const { course, lessonId, ...question } of content.practice)
      await publish(
        'practice',
        question.slug,
        practiceQuestionStreamId(content.product, question.slug),
        'PracticeQuestionPublished',
        { product: content.product, course, lessonId, questionId: question.slug, question },
      );
    for (const { course, ...question } of content.assessments)
      await publish(
        'assessment',
        question.slug,
        assessmentQuestionStreamId(content.product, question.slug),
        'AssessmentQuestionPublished',
        { product: content.product, course, questionId: question.slug, question },
      );
    await publishGlossary(content.product, content.glossary, content.product);
    for (const { slug, ...question } of content.designQuestions)
      await publish(
        'design-question',
        slug,
        designQuestionStreamId(content.product, slug),
        'DesignQuestionPublished',
        { product: content.product, questionId: slug, question },
      );
  }
  return { product, items, published: items.filter((i) => i.outcome === 'published').length, position };
}
