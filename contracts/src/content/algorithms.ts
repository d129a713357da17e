import { z } from 'zod';
import { difficulties } from '../constants';
import { judgedQuestionSchema } from '../execution/question';

/*
 * The algorithms product's content as it is written in the repository's `content/` folder:
 *
 *   content/algorithms/questions/<slug>/question.json   this schema (prompt, hints, complexity,
 *                                                      walkthrough, signature, tests)
 *   content/algorithms/questions/<slug>/solutions/<language>   reference solution per language
 *   content/algorithms/questions/<slug>/starters/<language>    optional starter override
 *   content/algorithms/<kind>/<slug>/meta.json + body.md        lessons: data structures, interview
 *                                                              tips, behavioral lessons
 *
 * The publish command reads these files and appends an event per new or changed item with its version.
 */

export const questionCategories = [
  'Arrays',
  'Searching',
  'Sorting',
  'Strings',
  'Stacks',
  'Greedy Algorithms',
  'Linked Lists',
  'Binary Trees',
  'Binary Search Trees',
  'Dynamic Programming',
  'Graphs',
  'Recursion',
  'Heaps',
  'Tries',
  'Famous Algorithms',
  // The machine-learning product's coding questions (content/machine-learning/questions).
  'Model Evaluation',
  'Linear Models',
  'Neural Networks',
  'Unsupervised Learning',
  'Data Preparation',
  'NLP and Retrieval',
  // The infrastructure product's coding questions (content/infrastructure/questions).
  'Logs and Text',
  'Reliability',
  'Networking',
  'Scheduling and Capacity',
  'Configuration and Deployment',
] as const;
export type QuestionCategory = (typeof questionCategories)[number];

/** Minimum tests a published question carries, some of them hidden. */
export const MIN_QUESTION_TESTS = 10;

const markdown = (min: number) => z.string().trim().min(min);

/** What a question says about itself, beside its signature and tests. */
export const questionFieldsSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().trim().min(3).max(80),
  difficulty: z.literal(difficulties),
  category: z.enum(questionCategories),
  /** Free questions are available to everyone; the others to owners of the product. */
  free: z.boolean().default(false),
  /** Markdown. */
  prompt: markdown(40),
  /** Revealed one at a time, in this order (numbered from 1). */
  hints: z.array(markdown(10)).min(2).max(6),
  complexity: z.object({ time: z.string().regex(/^O\(.+\)$/), space: z.string().regex(/^O\(.+\)$/) }),
  /** Markdown: how to reach the optimal solution, step by step. */
  walkthrough: markdown(300),
});
export type QuestionFields = z.infer<typeof questionFieldsSchema>;

export const questionContentSchema = z
  .intersection(questionFieldsSchema, judgedQuestionSchema)
  .superRefine((question, ctx) => {
    if (question.tests.length < MIN_QUESTION_TESTS)
      ctx.addIssue({
        code: 'custom',
        path: ['tests'],
        message: `a question has at least ${MIN_QUESTION_TESTS} tests`,
      });
    const hidden = question.tests.filter((t) => t.hidden).length;
    if (hidden === 0 || hidden === question.tests.length)
      ctx.addIssue({ code: 'custom', path: ['tests'], message: 'some tests are hidden, not all of them' });
  });
export type QuestionContent = z.infer<typeof questionContentSchema>;

export const lessonKinds = ['data-structures', 'interview-tips', 'behavioral'] as const;
export type LessonKind = (typeof lessonKinds)[number];

/** `meta.json` of a lesson; its text is the `body.md` beside it. */
export const lessonMetaSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().trim().min(3).max(80),
  summary: z.string().trim().min(20).max(300),
  /** Position in its list (1 first). */
  order: z.number().int().min(1),
  /** Minutes of reading. */
  minutes: z.number().int().min(1).max(60),
  free: z.boolean().default(false),
});
export type LessonMeta = z.infer<typeof lessonMetaSchema>;
