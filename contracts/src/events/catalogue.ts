import { z } from 'zod';
import { defineEvent } from './define';
import { codingLanguages, problemProductIds } from '../constants';
import { lessonMetaSchema, questionFieldsSchema } from '../content/algorithms';
import { lessonVideoSchema } from '../content/lesson-video';
import {
  allLessonKinds,
  designQuestionMetaSchema,
  glossaryTermSchema,
  quizQuestionSchema,
} from '../content/learning';
import { compareOptionsSchema } from '../execution/compare';
import { functionSignatureSchema } from '../execution/signature';
import { walkthroughTraceSchema } from '../content/walkthrough-trace';
import { solidityTestSchema } from '../content/solidity';
import { frontendQuestionMetaSchema } from '../content/frontend-questions';

const contentId = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const codeByLanguage = z.partialRecord(z.enum(codingLanguages), z.string().max(50_000));

/**
 * A coding question was published: new (version 1) or changed (the next version). The event holds
 * the question as published (prompt, hints, walkthrough, signature, starters, reference solutions)
 * and names its tests by digest: they are stored once in es_content_blobs (they run far past an
 * event's size), so the catalogue is a projection of these events and staff can read every version
 * a learner was judged against. `contentSha256` is the digest of everything published: the
 * publisher appends only when it differs from the latest version's.
 */
export const QuestionPublishedV1 = defineEvent({
  type: 'QuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: questionFieldsSchema.extend({
      signature: functionSignatureSchema,
      compare: compareOptionsSchema.optional(),
    }),
    tests: z.object({
      sha256,
      count: z.number().int().min(1),
      hidden: z.number().int().min(0),
      /** The visible tests, shown in the workspace (the hidden ones stay in the blob only). */
      visible: z.array(z.object({ input: z.record(z.string(), z.unknown()), output: z.unknown() })),
    }),
    starters: codeByLanguage,
    solutions: codeByLanguage,
    /** The Python reference solution traced step by step on an example test, when one was made. */
    walkthroughTrace: walkthroughTraceSchema.optional(),
  }),
});
export type QuestionPublished = z.infer<typeof QuestionPublishedV1.schema>;

/**
 * A lesson was published: new or its next version. Kinds: the algorithms' data structures, interview
 * tips and behavioral lessons; systems fundamentals; the machine-learning crash course and large-scale
 * ML (a kind added after version 1 of the event was defined: a wider enum reads every older event).
 */
export const LessonPublishedV1 = defineEvent({
  type: 'LessonPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    kind: z.enum(allLessonKinds),
    lessonId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    lesson: lessonMetaSchema.omit({ slug: true }).extend({
      body: z.string().min(1).max(200_000),
      /** Its explainer clip (added later: an older event has none). */
      video: lessonVideoSchema.optional(),
    }),
  }),
});
export type LessonPublished = z.infer<typeof LessonPublishedV1.schema>;

/**
 * A quiz question of a product's quiz was published (new or its next version). The right answer is in
 * the event and the read model only: queries send it after the learner has answered.
 */
export const QuizQuestionPublishedV1 = defineEvent({
  type: 'QuizQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: quizQuestionSchema,
  }),
});
export type QuizQuestionPublished = z.infer<typeof QuizQuestionPublishedV1.schema>;

/**
 * A practice question of one lesson was published (the blockchain courses: a few after each lesson).
 * It is a quiz question's content (mcq or fitb, `order` its place in the lesson) tied to its lesson;
 * submissions/mcq|fitb/create judge it like a quiz question. The answer stays on the server until the
 * learner has answered or revealed it.
 */
export const PracticeQuestionPublishedV1 = defineEvent({
  type: 'PracticeQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    /** The lesson's course (its lesson kind) and id. */
    course: z.enum(allLessonKinds),
    lessonId: contentId,
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: quizQuestionSchema,
  }),
});
export type PracticeQuestionPublished = z.infer<typeof PracticeQuestionPublishedV1.schema>;

/**
 * An assessment question of one course was published (the blockchain courses: one assessment per
 * course, spanning all its lessons). Its own event rather than a practice question without a lesson:
 * it belongs to a course, not to a lesson, and counts apart in the unlock progress. The question is a
 * quiz question's content (mcq or fitb, `order` its place in the assessment); submissions/mcq|fitb/create
 * judge it, and its answer stays on the server until the learner has answered it.
 */
export const AssessmentQuestionPublishedV1 = defineEvent({
  type: 'AssessmentQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    /** The course (its lesson kind) whose assessment holds the question. */
    course: z.enum(allLessonKinds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: quizQuestionSchema,
  }),
});
export type AssessmentQuestionPublished = z.infer<typeof AssessmentQuestionPublishedV1.schema>;

/** A design question (systems design, ML design) was published: its prompt, hints and walkthrough. */
export const DesignQuestionPublishedV1 = defineEvent({
  type: 'DesignQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: designQuestionMetaSchema.omit({ slug: true }).extend({
      prompt: z.string().min(1).max(50_000),
      walkthrough: z.string().min(1).max(200_000),
    }),
  }),
});
export type DesignQuestionPublished = z.infer<typeof DesignQuestionPublishedV1.schema>;

/** A term of a product's glossary was published (new or its next version). */
export const GlossaryTermPublishedV1 = defineEvent({
  type: 'GlossaryTermPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    termId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    term: glossaryTermSchema.omit({ slug: true }),
  }),
});
export type GlossaryTermPublished = z.infer<typeof GlossaryTermPublishedV1.schema>;

const soliditySource = z.string().min(1).max(100_000);

/**
 * A Solidity coding question of the blockchain track was published (new, or its next version). Like
 * QuestionPublished, its tests (scenarios run in the EVM) are stored once in es_content_blobs by digest;
 * the event carries the visible ones for the workspace. On the question's stream (questionStreamId).
 */
export const SolidityQuestionPublishedV1 = defineEvent({
  type: 'SolidityQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: z.object({
      name: z.string().min(1).max(200),
      category: z.string().min(1).max(60),
      difficulty: z.number().int().min(1).max(4),
      free: z.boolean(),
      prompt: z.string().min(1).max(50_000),
      hints: z.array(z.string().min(1)),
      walkthrough: z.string().min(1).max(200_000),
      /** The contract the tests deploy, declared in the learner's Solution.sol. */
      contractName: z.string().min(1).max(100),
    }),
    tests: z.object({
      sha256,
      count: z.number().int().min(1),
      hidden: z.number().int().min(0),
      visible: z.array(solidityTestSchema),
    }),
    starter: soliditySource,
    solution: soliditySource,
    /** Support.sol: contracts the tests deploy beside the learner's (shown, never edited). */
    support: soliditySource.optional(),
  }),
});
export type SolidityQuestionPublished = z.infer<typeof SolidityQuestionPublishedV1.schema>;

/**
 * A Solidity project of the blockchain track was published: a contract built over milestones, each with
 * its text and tests. Every milestone's tests are in one blob (by digest, in milestone order); the event
 * carries each milestone's visible tests and counts.
 */
export const SolidityProjectPublishedV1 = defineEvent({
  type: 'SolidityProjectPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    projectId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    project: z.object({
      name: z.string().min(1).max(200),
      difficulty: z.number().int().min(1).max(4),
      free: z.boolean(),
      summary: z.string().min(1).max(300),
      brief: z.string().min(1).max(200_000),
      contractName: z.string().min(1).max(100),
      milestones: z
        .array(
          z.object({
            title: z.string().min(1).max(200),
            body: z.string().min(1).max(50_000),
            testsCount: z.number().int().min(1),
            hiddenTests: z.number().int().min(0),
            visible: z.array(solidityTestSchema),
          }),
        )
        .min(1),
    }),
    testsSha256: sha256,
    starter: soliditySource,
    solution: soliditySource,
    support: soliditySource.optional(),
  }),
});
export type SolidityProjectPublished = z.infer<typeof SolidityProjectPublishedV1.schema>;

const pageFiles = z.object({
  html: z.string().max(100_000),
  css: z.string().max(100_000),
  js: z.string().max(100_000),
});

/**
 * A frontend coding question was published (new, or its next version): its page's starter and reference
 * files, and how it is judged: `mocha` (its tests, shown to the learner, run against the page in Chromium
 * on the server) or `screenshot` (the page rendered at the viewport and compared with the reference's
 * rendering within the tolerance). On the question's stream (questionStreamId).
 */
export const FrontendQuestionPublishedV1 = defineEvent({
  type: 'FrontendQuestionPublished',
  version: 1,
  schema: z.object({
    product: z.enum(problemProductIds),
    questionId: contentId,
    version: z.number().int().min(1),
    contentSha256: sha256,
    question: z.union([
      frontendQuestionMetaSchema.options[0].omit({ slug: true }),
      frontendQuestionMetaSchema.options[1].omit({ slug: true }),
    ]),
    starter: pageFiles,
    solution: pageFiles,
    /** A mocha question's tests (BDD, chai's `expect` and `assert` as globals). */
    tests: z.string().max(100_000).optional(),
  }),
});
export type FrontendQuestionPublished = z.infer<typeof FrontendQuestionPublishedV1.schema>;

/** Each question and lesson has its own stream; its stream version is its content version. */
export const questionStreamId = (product: string, questionId: string) =>
  `catalogue-${product}-question-${questionId}`;
export const lessonStreamId = (product: string, kind: string, lessonId: string) =>
  `catalogue-${product}-${kind}-${lessonId}`;
export const quizQuestionStreamId = (product: string, questionId: string) =>
  `catalogue-${product}-quiz-${questionId}`;
export const practiceQuestionStreamId = (product: string, questionId: string) =>
  `catalogue-${product}-practice-${questionId}`;
export const assessmentQuestionStreamId = (product: string, questionId: string) =>
  `catalogue-${product}-assessment-${questionId}`;
export const designQuestionStreamId = (product: string, questionId: string) =>
  `catalogue-${product}-design-${questionId}`;
export const glossaryTermStreamId = (product: string, termId: string) =>
  `catalogue-${product}-glossary-${termId}`;
export const projectStreamId = (product: string, projectId: string) =>
  `catalogue-${product}-project-${projectId}`;
