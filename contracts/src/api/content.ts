import { z } from 'zod';
import { problemProductIds } from '../constants';
import { actorSchema } from '../events/define';
import { codingLanguageSchema, emptyRequest, problemProductSchema, timestampSchema } from './common';
import { defineCall, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';

/** Staff publish the content the deployment ships: an event per new or changed question or lesson. */
export const publishContent = defineCall({
  route: post('publishContent', '/api/staff/v1/content/publish'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: "Publish the deployment's content folder: each new or changed item gets its next version.",
  request: emptyRequest,
  response: z.object({
    product: z.enum(problemProductIds),
    /** Items published by this call (the others were unchanged). */
    published: z.number().int().nonnegative(),
    items: z.array(
      z.object({
        /** The item's product when it is not the algorithms' (systems design, machine learning). */
        product: z.enum(problemProductIds).optional(),
        kind: z.string(),
        id: z.string(),
        version: z.number().int().min(1),
        outcome: z.enum(['published', 'unchanged']),
      }),
    ),
    /** Consistency token of the last append (read-your-writes), when something was published. */
    position: z.string().nullable(),
  }),
});

/**
 * The fields of a published question a version's history compares, in the order staff read them:
 * the question's own, then its tests, starter code and reference solutions.
 */
export const questionVersionFields = [
  'name',
  'category',
  'difficulty',
  'free',
  'prompt',
  'hints',
  'complexity',
  'walkthrough',
  'signature',
  'compare',
  'tests',
  'starters',
  'solutions',
] as const;

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

export const questionVersionSchema = z.object({
  version: z.number().int().min(1),
  publishedAt: timestampSchema,
  /** Who published it (ids only: staff, an operator, or the system publishing at start). */
  publishedBy: actorSchema,
  /** The QuestionPublished event, and its place in the global order (a consistency token). */
  eventId: z.uuid(),
  position: z.string(),
  /** Digest of everything the version published (the publisher appends only when it changes). */
  contentSha256: sha256Schema,
  /** Its tests, stored once in es_content_blobs under this digest (hidden ones included). */
  tests: z.object({
    sha256: sha256Schema,
    count: z.number().int().min(1),
    hidden: z.number().int().min(0),
  }),
  /**
   * The fields that differ from the previous version (added, changed or removed), in the order of
   * questionVersionFields; for version 1, every field it has.
   */
  changedFields: z.array(z.string()),
  /** Of the starters and reference solutions, the languages whose code was added, changed or removed. */
  changedLanguages: z.object({
    starters: z.array(codingLanguageSchema),
    solutions: z.array(codingLanguageSchema),
  }),
});
export type QuestionVersion = z.infer<typeof questionVersionSchema>;

/**
 * Staff: a coding question's history (issue 7), from the catalogue projection. The question is
 * named as coding-questions/get takes it: its name (any case), its id (slug) or its uid.
 */
export const listQuestionVersions = defineCall({
  route: get('listQuestionVersions', '/api/staff/v1/content/questions/{questionId}/versions'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: z.object({
    questionId: z
      .string()
      .trim()
      .min(1, 'Give the question name, id or uid.')
      .max(200, 'The question name, id or uid is longer than 200 characters.'),
  }),
  summary: 'Every published version of a coding question, newest first, with what changed in each.',
  request: z.object({ product: problemProductSchema.default('algoexpert') }),
  response: z.object({
    product: problemProductSchema,
    id: z.string(),
    uid: z.uuid(),
    /** The name of the latest version. */
    name: z.string(),
    /** Newest first. */
    versions: z.array(questionVersionSchema).min(1),
  }),
});
