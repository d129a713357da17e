import { z } from 'zod';
import { solidityTestSchema } from '../../content/solidity';
import { idSchema, submissionStatusSchema, timestampSchema } from '../common';
import { difficulties } from '../../constants';

/*
 * Entities of spec 3 that several groups of the Problems calls share: content documents, questions,
 * submissions. Each group's own entities are in its module.
 */

/**
 * A content document (lesson, glossary entry, tip, design question, project...). The spec gives no
 * shapes for content; documents carry an id and whatever their kind needs.
 */
export const contentItemSchema = z.object({ id: idSchema }).loose();
export type ContentItem = z.infer<typeof contentItemSchema>;

/** A list of content documents, as the content reads answer it. */
export const contentListSchema = z.object({ items: z.array(contentItemSchema) });

/** Question of spec 3 (algorithms; the other tracks' coding questions share it). */
export const questionSchema = z
  .object({
    id: idSchema,
    uid: z.string(),
    name: z.string(),
    category: z.string(),
    /** 1 Easy .. 4 Very Hard; the client shows the label. */
    difficulty: z.literal(difficulties),
    metadata: z.object({ number: z.number().int() }).loose(),
    acl: z.object({ isAvailable: z.boolean() }),
    /** Open to everyone, owner or not (the question list's per-person access filters). */
    isFree: z.boolean().optional(),
    video: z.object({ instructor: z.string() }).loose().nullable().optional(),
  })
  .loose();
export type Question = z.infer<typeof questionSchema>;

/** Hint of spec 3. lockedDuration: how long the hint stays locked, in seconds (unit not given). */
export const hintSchema = z.object({
  title: z.string(),
  content: z.string(),
  isNew: z.boolean(),
  lockedDuration: z.number().nonnegative(),
});

/** A question with its prompt and hints; the rest (starter code, tests shown) passes through. */
export const questionDetailSchema = questionSchema.extend({
  prompt: z.string(),
  hints: z.array(hintSchema),
  /** Current version; runs against an older one fail with PROBLEMS_VERSION_MISMATCH. */
  version: z.number().int().nonnegative(),
});

export const submissionSchema = z.object({
  questionId: idSchema,
  status: submissionStatusSchema,
  timestamp: timestampSchema,
});
export type Submission = z.infer<typeof submissionSchema>;

/**
 * What coding-questions/get adds for a Solidity question (blockchain, `judge: 'solidity'`): the contract the
 * tests deploy, the visible test scenarios, the starter and reference in `solidity`, the support contracts.
 */
export const solidityQuestionFieldsSchema = z.object({
  judge: z.literal('solidity'),
  contractName: z.string(),
  walkthrough: z.string(),
  tests: z.array(solidityTestSchema),
  testsCount: z.number().int().nonnegative(),
  hiddenTestsCount: z.number().int().nonnegative(),
  starterCode: z.object({ solidity: z.string() }),
  solutions: z.object({ solidity: z.string() }),
  support: z.string().nullable(),
});
export type SolidityQuestionFields = z.infer<typeof solidityQuestionFieldsSchema>;

const pageFilesSchema = z.object({ html: z.string(), css: z.string(), js: z.string() });

/**
 * What coding-questions/get adds for a frontend question (`judge: 'mocha' | 'screenshot'`): the page's
 * starter and reference files, a mocha question's tests, a screenshot question's viewport and tolerance.
 */
export const frontendQuestionFieldsSchema = z.object({
  judge: z.enum(['mocha', 'screenshot']),
  walkthrough: z.string(),
  starterFiles: pageFilesSchema,
  solutionFiles: pageFilesSchema,
  testsSource: z.string().nullable(),
  viewport: z.object({ width: z.number(), height: z.number() }).loose().optional(),
  tolerance: z.object({ threshold: z.number(), maxDiffRatio: z.number() }).optional(),
});
export type FrontendQuestionFields = z.infer<typeof frontendQuestionFieldsSchema>;
