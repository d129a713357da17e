import { z } from 'zod';
import { anyone, defineCall } from '../define';
import { built } from '../build-state';
import { get, post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams } from '../common';
import { contentItemSchema, contentListSchema } from './shared-schemas';
import { type AnyLessonKind, allLessonKinds } from '../../content/learning';

/*
 * Spec 7, Problems: what a product has to read (glossary, data structures, tips, interview tips,
 * fundamentals, course lessons) under /api/problems/v1/{product}/, and the behavioral lessons every
 * product comes with. Lists are open to anyone, with the text of locked items null; one lesson, and the
 * fundamentals, need the path's product.
 */

/** One glossary term: its definition, related terms of the same glossary, the lesson that explains it. */
export const glossaryItemSchema = z.object({
  id: idSchema,
  term: z.string(),
  definition: z.string(),
  seeAlso: z.array(z.string()),
  /** The lesson that explains the term further: its id, course section (lessons/list) and title. */
  lesson: z.object({ id: z.string(), section: z.string(), title: z.string() }).nullable(),
  version: z.number().int(),
});
export type GlossaryItem = z.infer<typeof glossaryItemSchema>;

export const getGlossary = defineCall({
  route: post('getGlossary', '/api/problems/v1/{product}/glossary/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: "The product's glossary, A to Z (base content everyone loads; empty for a product without one).",
  request: emptyRequest,
  response: z.object({ items: z.array(glossaryItemSchema) }),
});

export const getDataStructures = defineCall({
  route: post('getDataStructures', '/api/problems/v1/{product}/datastructures/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Data-structure lessons; the text of locked ones is null.',
  request: emptyRequest,
  response: contentListSchema,
});

export const getTips = defineCall({
  route: post('getTips', '/api/problems/v1/{product}/tips/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Tips of the product; the text of locked ones is null.',
  request: emptyRequest,
  response: contentListSchema,
});

export const getInterviewTips = defineCall({
  route: post('getInterviewTips', '/api/problems/v1/{product}/interview-tips/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Interview-tip lessons; the text of locked ones is null.',
  request: emptyRequest,
  response: contentListSchema,
});

export const getFundamentals = defineCall({
  route: post('getFundamentals', '/api/problems/v1/{product}/fundamentals/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Fundamentals lessons (systems design); the text of locked ones is null.',
  request: emptyRequest,
  response: contentListSchema,
});

export const listLessons = defineCall({
  route: post('listLessons', '/api/problems/v1/{product}/lessons/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    'Lessons of one course section (a key of lessonSections, e.g. crash-course), in order; the text of locked ones is null.',
  request: z.object({ section: z.string().trim().min(1).max(200) }),
  response: contentListSchema,
});

export const getLesson = defineCall({
  route: post('getLesson', '/api/problems/v1/{product}/lessons/get'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary:
    "One lesson (in `section` when given); its text is null when locked (a product's free sample is open to everyone).",
  request: z.object({ lessonId: idSchema, section: z.string().trim().min(1).max(200).optional() }),
  response: contentItemSchema,
});

/**
 * The course sections lessons/list and lessons/get name, to the lesson kind they hold (the routes'
 * names, and the kinds' own names).
 */
export const lessonSections: Readonly<Record<string, AnyLessonKind>> = {
  ...Object.fromEntries(allLessonKinds.map((kind) => [kind, kind])),
  'behavioral-interviews': 'behavioral',
  'large-scale': 'large-scale-ml',
  // The frontend crash courses by their route names (spec 2: /frontend/html...).
  html: 'html-crash-course',
  css: 'css-crash-course',
  javascript: 'javascript-crash-course',
  react: 'react-crash-course',
};

/** The lesson kind a course section names, or undefined for a name that is none. */
export function lessonKindOfSection(section: string): AnyLessonKind | undefined {
  return Object.hasOwn(lessonSections, section) ? lessonSections[section] : undefined;
}

/** Behavioral lessons come with every product (backend owners load only these); the handler checks one is owned. */
export const getBehaviorals = defineCall({
  route: post('getBehaviorals', '/api/problems/v1/behaviorals/get'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: 'Behavioral-interview lessons (algorithms); the text of locked ones is null.',
  request: emptyRequest,
  response: contentListSchema,
});

/** How much a product holds (catalogue/summary). */
export const catalogueSummarySchema = z.object({
  /** Lessons per course, keyed by the course's lesson kind (lessonKindOfSection maps a section to it). */
  lessonsByCourse: z.partialRecord(z.enum(allLessonKinds), z.number().int().nonnegative()),
  lessons: z.number().int().nonnegative(),
  codingQuestions: z.number().int().nonnegative(),
  designQuestions: z.number().int().nonnegative(),
  quizQuestions: z.number().int().nonnegative(),
  practiceQuestions: z.number().int().nonnegative(),
  assessmentQuestions: z.number().int().nonnegative(),
  projects: z.number().int().nonnegative(),
});
export type CatalogueSummary = z.infer<typeof catalogueSummarySchema>;

/**
 * Not in spec 7: how much a product holds, counted from the catalogue for its marketing copy and index
 * (the product pages quote these numbers rather than written-in ones). Open to anyone: counts only.
 */
export const getCatalogueSummary = defineCall({
  route: get('getCatalogueSummary', '/api/problems/v1/{product}/catalogue/summary'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'How many lessons (per course), questions of each kind and projects a product holds.',
  request: emptyRequest,
  response: catalogueSummarySchema,
});
