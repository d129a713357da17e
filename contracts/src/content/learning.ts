import { z } from 'zod';
import type { CodingLanguage, ProblemProductId } from '../constants';

/*
 * The learning content of the systems-design, machine-learning, frontend, infrastructure, iOS and
 * blockchain products, as written in the
 * repository's `content/` folder (the contract between the engine and the content writers):
 *
 *   content/<folder>/<kind>/<slug>/meta.json + body.md              lessons
 *   content/<folder>/quiz/<slug>.json                                quiz questions (mcq or fitb)
 *   content/<folder>/design-questions/<slug>/question.json + prompt.md + walkthrough.md
 *   content/machine-learning/questions/<slug>/                       coding questions (the algorithms format)
 *   content/<folder>/glossary/<slug>.json                            glossary terms
 *
 * The schemas check one file; `checkLearningFolder` checks what spans files (orders without gaps, the
 * free sample, word counts).
 */

/**
 * Each learning product's content folder and the lesson kinds it has, in the order its pages list them;
 * `glossary`: it has a glossary of at least GLOSSARY_MIN_TERMS terms.
 */
export const learningProducts = {
  systemsexpert: { folder: 'systems', lessonKinds: ['fundamentals', 'interview-tips'], glossary: true },
  mlexpert: {
    folder: 'machine-learning',
    lessonKinds: ['crash-course', 'large-scale-ml', 'interview-tips'],
    glossary: true,
  },
  frontendexpert: {
    folder: 'frontend',
    lessonKinds: [
      'html-crash-course',
      'css-crash-course',
      'javascript-crash-course',
      'react-crash-course',
      'web-dev-fundamentals',
    ],
  },
  infraexpert: { folder: 'infrastructure', lessonKinds: ['crash-course'] },
  iosexpert: {
    folder: 'ios',
    lessonKinds: ['swift-fundamentals', 'swiftui', 'uikit', 'concurrency', 'architecture'],
  },
  blockchainexpert: {
    folder: 'blockchain',
    lessonKinds: [
      'blockchain-fundamentals',
      'ethereum-and-smart-contracts',
      'solidity-fundamentals',
      'advanced-solidity',
      'interacting-with-smart-contracts',
      'web3-tools',
    ],
  },
} as const satisfies Partial<
  Record<ProblemProductId, { folder: string; lessonKinds: readonly string[]; glossary?: true }>
>;
export type LearningProductId = keyof typeof learningProducts;

/**
 * The learning products with coding questions of the algorithms' format
 * (`content/<folder>/questions/<slug>/`), and the languages they are offered and judged in: the
 * machine-learning questions are written for numpy (Python alone), the infrastructure ones are the
 * scripts and tools of the job (Python and Go).
 */
export const trackCodingQuestions = {
  mlexpert: { folder: 'machine-learning', languages: ['python'] },
  infraexpert: { folder: 'infrastructure', languages: ['python', 'go'] },
} as const satisfies Partial<
  Record<LearningProductId, { folder: string; languages: readonly CodingLanguage[] }>
>;
export type TrackCodingProductId = keyof typeof trackCodingQuestions;
export const trackCodingProductIds = Object.keys(trackCodingQuestions) as TrackCodingProductId[];
export const learningProductIds = Object.keys(learningProducts) as LearningProductId[];

/** Every lesson kind of every product (the algorithms' three and the learning products'). */
export const allLessonKinds = [
  'data-structures',
  'interview-tips',
  'behavioral',
  'fundamentals',
  'crash-course',
  'large-scale-ml',
  // The frontend, iOS and blockchain courses (each its own kind; infrastructure's is the crash-course).
  'html-crash-course',
  'css-crash-course',
  'javascript-crash-course',
  'react-crash-course',
  'web-dev-fundamentals',
  'swift-fundamentals',
  'swiftui',
  'uikit',
  'concurrency',
  'architecture',
  'blockchain-fundamentals',
  'ethereum-and-smart-contracts',
  'solidity-fundamentals',
  'advanced-solidity',
  'interacting-with-smart-contracts',
  'web3-tools',
] as const;
export type AnyLessonKind = (typeof allLessonKinds)[number];

const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(100);
const markdown = (min: number, max = 20_000) => z.string().trim().min(min).max(max);

/** `meta.json` of a systems or machine-learning lesson: exactly these keys. */
export const learningLessonMetaSchema = z
  .object({
    slug,
    title: z.string().trim().min(3).max(80),
    summary: z.string().trim().min(20).max(300),
    order: z.number().int().min(1),
    minutes: z.number().int().min(1).max(60),
    free: z.boolean(),
  })
  .strict();
export type LearningLessonMeta = z.infer<typeof learningLessonMetaSchema>;

const quizBase = {
  slug,
  order: z.number().int().min(1).max(40),
  topic: z.string().trim().min(2).max(80),
  prompt: markdown(10, 4000),
  explanation: markdown(40, 4000),
};

/** One multiple-choice question: `answer` is the 0-based index of the single right choice. */
export const mcqQuestionSchema = z
  .object({
    ...quizBase,
    kind: z.literal('mcq'),
    choices: z.array(markdown(1, 1000)).min(2).max(6),
    answer: z.number().int().min(0),
  })
  .strict()
  .refine((q) => q.answer < q.choices.length, { path: ['answer'], message: 'answer names no choice' })
  .refine((q) => new Set(q.choices.map((c) => c.trim().toLowerCase())).size === q.choices.length, {
    path: ['choices'],
    message: 'two choices say the same',
  });

/** One fill-in-the-blank question: one `____` in the prompt, answers compared trimmed and case-insensitively. */
export const fitbQuestionSchema = z
  .object({
    ...quizBase,
    kind: z.literal('fitb'),
    answers: z.array(z.string().trim().min(1).max(200)).min(1).max(5),
  })
  .strict()
  .refine((q) => q.prompt.split('____').length === 2, {
    path: ['prompt'],
    message: 'the prompt has exactly one blank (____)',
  });

export const quizQuestionSchema = z.union([mcqQuestionSchema, fitbQuestionSchema]);
export type QuizQuestionContent = z.infer<typeof quizQuestionSchema>;

/** Whether a learner's answer to a fill-in-the-blank question is one of the accepted ones. */
export function fitbAccepts(answers: readonly string[], given: string): boolean {
  const normal = (text: string) => text.trim().toLowerCase();
  return answers.some((answer) => normal(answer) === normal(given));
}

/** `question.json` of a design question (systems design, machine-learning design). */
export const designQuestionMetaSchema = z
  .object({
    slug,
    name: z.string().trim().min(3).max(100),
    difficulty: z.enum(['Easy', 'Medium', 'Hard']),
    order: z.number().int().min(1),
    free: z.boolean(),
    category: z.string().trim().min(2).max(60),
    hints: z.array(markdown(10, 2000)).min(2).max(6),
  })
  .strict();
export type DesignQuestionMeta = z.infer<typeof designQuestionMetaSchema>;

/**
 * `glossary/<slug>.json` of a learning product: one term, its definition (a short Markdown paragraph),
 * the related terms of the same glossary and the lesson of the product that explains it further.
 */
export const glossaryTermSchema = z
  .object({
    slug,
    term: z.string().trim().min(2).max(80),
    definition: markdown(60, 900),
    seeAlso: z.array(slug).max(5).default([]),
    lesson: slug.optional(),
  })
  .strict();
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

/** At least this many terms make a product's glossary (checked with the content's lengths). */
export const GLOSSARY_MIN_TERMS = 30;

/** Words of a Markdown text, code blocks included (what a reader reads). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Word ranges of the contract. */
export const wordRanges = {
  lesson: [700, 1500],
  tip: [400, 900],
  designPrompt: [150, 400],
  walkthrough: [1200, 2500],
} as const;

export type ContentProblem = { file: string; message: string };

/** The orders of a set of items run 1..n without a gap or a repeat. */
export function orderProblems(label: string, orders: readonly number[]): string[] {
  const sorted = [...orders].sort((a, b) => a - b);
  return sorted.every((order, i) => order === i + 1)
    ? []
    : [`${label}: orders are ${sorted.join(', ')}, not 1..${sorted.length}`];
}

/** What a lesson body must not hold: a `#` title (the page adds it), HTML, images. */
export function markdownProblems(body: string): string[] {
  const problems: string[] = [];
  const outsideCode = body.replace(/```[\s\S]*?```/g, '');
  if (/^# /m.test(outsideCode)) problems.push('uses a # heading (start sections at ##)');
  if (/!\[[^\]]*\]\(/.test(outsideCode)) problems.push('has an image');
  if (/<\/?[a-zA-Z][^>]*>/.test(outsideCode.replace(/`[^`\n]*`/g, ''))) problems.push('has HTML');
  const fences = [...body.matchAll(/^```(\S*)/gm)];
  for (let i = 0; i < fences.length; i += 2) {
    const language = fences[i][1];
    if (!language) problems.push('has a code block without a language');
  }
  for (const diagram of body.matchAll(/^```mermaid\n([\s\S]*?)^```/gm)) {
    const first = diagram[1].trim().split('\n')[0].trim();
    if (!/^(flowchart|graph|sequenceDiagram)\b/.test(first))
      problems.push(`has a mermaid diagram of kind "${first}" (flowchart or sequenceDiagram only)`);
  }
  return problems;
}
