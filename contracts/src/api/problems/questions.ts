import { z } from 'zod';
import { anyone, defineCall } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import * as routedPaths from '../routed-call-paths';
import { emptyRequest, idSchema, problemProductParams } from '../common';
import { walkthroughTraceSchema } from '../../content/walkthrough-trace';
import { contentItemSchema, contentListSchema, questionSchema, questionDetailSchema } from './shared-schemas';

/*
 * Spec 7, Problems: the question catalogues of a product (coding, design, long-form and interview
 * questions) under /api/problems/v1/{product}/. Catalogue lists (names, difficulty, acl flags) are open
 * to anyone; a whole question needs the path's product, save the free coding questions.
 */

export const listCodingQuestions = defineCall({
  route: routedPaths.listCodingQuestions,
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Coding-question catalogue with availability flags.',
  request: emptyRequest,
  response: z.object({ questions: z.array(questionSchema) }),
});

export const getCodingQuestion = defineCall({
  route: routedPaths.getCodingQuestion,
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'One coding question, by name or uid: everyone may open the free ones, owners all (PRODUCT_NOT_OWNED otherwise).',
  request: z
    .object({ name: z.string().trim().min(1).max(200).optional(), uid: idSchema.optional() })
    .refine((r) => r.name !== undefined || r.uid !== undefined, 'Give the question name or uid.'),
  response: questionDetailSchema,
});

const questionByNameOrUid = z
  .object({ name: z.string().trim().min(1).max(200).optional(), uid: idSchema.optional() })
  .refine((r) => r.name !== undefined || r.uid !== undefined, 'Give the question name or uid.');

/**
 * Not in spec 7 (which has no call for it): the animated walkthrough of a coding question, a step-by-step
 * trace of its Python reference solution on an example test, asked for by the workspace's walkthrough
 * pane when it opens (so the question's own answer stays small). Access as `coding-questions/get`.
 */
export const getCodingQuestionTrace = defineCall({
  route: routedPaths.getCodingQuestionTrace,
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    "A coding question's walkthrough trace (its reference solution run step by step on an example), by name or uid; null when none is published.",
  request: questionByNameOrUid,
  response: z.object({
    questionId: idSchema,
    version: z.number().int().min(1),
    trace: walkthroughTraceSchema.nullable(),
  }),
});

export const listDesignQuestions = defineCall({
  route: post('listDesignQuestions', '/api/problems/v1/{product}/design-questions/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Design-question catalogue.',
  request: emptyRequest,
  response: contentListSchema,
});

export const getDesignQuestion = defineCall({
  route: post('getDesignQuestion', '/api/problems/v1/{product}/design-questions/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'One design question (prompt, hints, walkthrough): everyone may open the free one, owners all (PRODUCT_NOT_OWNED otherwise).',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

export const listLongFormQuestions = defineCall({
  route: post('listLongFormQuestions', '/api/problems/v1/{product}/long-form-questions/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    "Long-form question catalogue: the product's design questions read as written answers (title, difficulty, reading minutes, availability).",
  request: emptyRequest,
  response: contentListSchema,
});

export const getLongFormQuestion = defineCall({
  route: post('getLongFormQuestion', '/api/problems/v1/{product}/long-form-questions/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'One long-form question (the question and its model answer): everyone may open the free one, owners all (PRODUCT_NOT_OWNED otherwise).',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

export const listInterviewQuestions = defineCall({
  route: post('listInterviewQuestions', '/api/problems/v1/{product}/interview-questions/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'Interview-question catalogue: every coding and design question of the product with its kind, difficulty and availability.',
  request: emptyRequest,
  response: contentListSchema,
});
