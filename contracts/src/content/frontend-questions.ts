import { z } from 'zod';

/*
 * The frontend product's coding questions as written in the repository's `content/` folder:
 *
 *   content/frontend/questions/<slug>/question.json          this schema (prompt, hints, walkthrough, kind...)
 *   content/frontend/questions/<slug>/starter/index.html     the learner's starting files: index.html (the
 *   content/frontend/questions/<slug>/starter/styles.css     whole document, linking styles.css and loading
 *   content/frontend/questions/<slug>/starter/script.js      script.js), styles.css, script.js
 *   content/frontend/questions/<slug>/solution/...           the reference solution, the same three files
 *   content/frontend/questions/<slug>/tests.js               mocha questions: the tests (BDD; chai's
 *                                                            `expect` and `assert` are globals)
 *
 * A mocha question's tests run in the learner's page after it has loaded; a screenshot question's page is
 * rendered at the fixed viewport and compared with the reference solution's rendering within the tolerance.
 */

export const frontendQuestionCategories = [
  'Components',
  'DOM Utilities',
  'CSS Layout',
  'JavaScript',
] as const;
export type FrontendQuestionCategory = (typeof frontendQuestionCategories)[number];

/** The files of a frontend question's page, by their name in the question's folder. */
export const frontendFileNames = { html: 'index.html', css: 'styles.css', js: 'script.js' } as const;

/** A frontend question needs at least this many mocha tests. */
export const MIN_FRONTEND_MOCHA_TESTS = 6;

const markdown = (min: number) => z.string().trim().min(min);

export const frontendViewportSchema = z.object({
  width: z.number().int().min(200).max(1600),
  height: z.number().int().min(200).max(1200),
  deviceScaleFactor: z.union([z.literal(1), z.literal(2)]).default(1),
});
export type FrontendViewport = z.infer<typeof frontendViewportSchema>;

export const screenshotToleranceSchema = z.object({
  /** pixelmatch's colour distance under which two pixels count as equal (0 to 1). */
  threshold: z.number().min(0).max(1).default(0.1),
  /** Share of the viewport's pixels that may differ from the reference. */
  maxDiffRatio: z.number().min(0).max(0.2).default(0.01),
});
export type ScreenshotTolerance = z.infer<typeof screenshotToleranceSchema>;

const frontendQuestionFields = {
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().trim().min(3).max(80),
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  category: z.enum(frontendQuestionCategories),
  /** Free questions are open to everyone; the others to owners of the frontend product. */
  free: z.boolean().default(false),
  /** Markdown: the requirements and an example. */
  prompt: markdown(200),
  /** Revealed one at a time, in this order. */
  hints: z.array(markdown(20)).min(2).max(6),
  /** Markdown: how to build it, accessibility and edge cases included. */
  walkthrough: markdown(600),
};

export const frontendQuestionMetaSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...frontendQuestionFields,
    kind: z.literal('mocha'),
    /** Per-test limit of the mocha run, in ms. */
    testTimeoutMs: z.number().int().min(100).max(5000).default(2000),
  }),
  z.strictObject({
    ...frontendQuestionFields,
    kind: z.literal('screenshot'),
    viewport: frontendViewportSchema,
    tolerance: screenshotToleranceSchema,
  }),
]);
export type FrontendQuestionMeta = z.infer<typeof frontendQuestionMetaSchema>;

/** The three files of a page. */
export type FrontendFiles = { html: string; css: string; js: string };

/** A frontend question with its files, as the content loader gives it. */
export type FrontendQuestion = FrontendQuestionMeta & {
  starter: FrontendFiles;
  solution: FrontendFiles;
  /** The mocha tests' source (mocha questions only). */
  tests?: string;
};
