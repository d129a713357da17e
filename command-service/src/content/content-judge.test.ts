/*
 * Every algorithms question of `content/` is judged through the engine in the real sandbox: its
 * reference solution in each available language passes every test (visible and hidden), its
 * starter code compiles and fails them, and the content itself holds what a published question
 * needs (see questionContentSchema). CONTENT_ONLY=slug,slug judges a few while writing content.
 *
 * The learning tracks' coding questions (machine learning, infrastructure) are judged the same way in
 * their own languages (trackCodingQuestions; numpy installed by infra's ensure-toolchains).
 *
 * In CI (CI=true) a missing sandbox or toolchain fails the suite; elsewhere the language skips.
 */
import {
  type CodingLanguage,
  type TrackCodingProductId,
  questionCategories,
  trackCodingProductIds,
  trackCodingQuestions,
} from '@app/contracts';
import { createSandbox } from '../execution/sandbox';
import type { Sandbox } from '../execution/sandbox';
import { CompileServers } from '../execution/languages/compile-servers';
import { languageModules } from '../execution/languages/registry';
import { runTests } from '../execution/languages/run-tests';
import { failures, inPairs } from '../execution/languages/judge-support';
import { detectToolchains, toolchainBinds } from '../execution/languages/toolchains';
import {
  type ContentQuestion,
  loadContentQuestions,
  loadLessons,
  loadTrackCodingQuestions,
} from './content-files';

const toolchains = detectToolchains();
const only = process.env.CONTENT_ONLY?.split(',').filter(Boolean);
const allQuestions = loadContentQuestions();
const questions = only ? allQuestions.filter((q) => only.includes(q.slug)) : allQuestions;
const languages = Object.keys(languageModules).filter((l) => l !== 'swift') as CodingLanguage[];
const available = new Map<CodingLanguage, true | string>();
let sandbox: Sandbox;
let servers: CompileServers;

beforeAll(async () => {
  sandbox = await createSandbox({
    production: false,
    logger: { warn: () => undefined },
    bubblewrap: { extraBinds: toolchainBinds(toolchains) },
  });
  servers = new CompileServers(sandbox, toolchains, { warmUpCompiles: 1 });
  for (const language of languages) {
    const availability = await languageModules[language].availability(sandbox, toolchains);
    available.set(language, availability.available ? true : availability.reason);
  }
  const missing = [...available].filter(([, state]) => state !== true);
  if (process.env.CI === 'true' && missing.length > 0)
    throw new Error(`toolchains missing in CI: ${missing.map(([l, s]) => `${l} (${s})`).join(', ')}`);
  for (const [language, state] of missing) console.warn(`[content judge] skipping ${language}: ${state}`);
}, 180_000);

afterAll(async () => {
  await servers?.close();
  await sandbox?.close?.();
});

const judge = (language: CodingLanguage, question: ContentQuestion, source: string) =>
  runTests({
    sandbox,
    language,
    question,
    source,
    tests: question.tests,
    toolchains,
    compileServers: servers,
  });

describe('the content of the algorithms product', () => {
  it('has at least 40 questions over the four difficulties and eight categories', () => {
    if (only) return;
    expect(allQuestions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(allQuestions.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3, 4]));
    const categories = new Set(allQuestions.map((q) => q.category));
    expect(categories.size).toBeGreaterThanOrEqual(8);
    for (const category of categories) expect(questionCategories).toContain(category);
    expect(new Set(allQuestions.map((q) => q.name)).size).toBe(allQuestions.length);
    expect(allQuestions.some((q) => q.free)).toBe(true);
  });

  it('has at least 10 data-structure lessons, 5 interview tips and 5 behavioral lessons', () => {
    if (only) return;
    expect(loadLessons('data-structures').length).toBeGreaterThanOrEqual(10);
    expect(loadLessons('interview-tips').length).toBeGreaterThanOrEqual(5);
    expect(loadLessons('behavioral').length).toBeGreaterThanOrEqual(5);
  });

  it('has a reference solution in every available language for each question', () => {
    for (const question of questions)
      for (const language of languages)
        expect({ slug: question.slug, language, present: !!question.solutions[language] }).toEqual({
          slug: question.slug,
          language,
          present: true,
        });
  });
});

describe.each(languages)('%s reference solutions', (language) => {
  it('pass every test of every question, and the starters pass none of them all', async () => {
    if (available.get(language) !== true) return;
    const outcomes = await inPairs(
      questions.map((question) => async () => {
        const reference = await judge(language, question, question.solutions[language] ?? '');
        const starter = await judge(language, question, question.starters[language]);
        return {
          slug: question.slug,
          reference: failures(reference) || 'CORRECT',
          starterCompiles: !starter.compileError,
          starterPassesAll: starter.results.length > 0 && starter.results.every((r) => r.passed),
        };
      }),
    );
    expect(outcomes).toEqual(
      questions.map((q) => ({
        slug: q.slug,
        reference: 'CORRECT',
        starterCompiles: true,
        starterPassesAll: false,
      })),
    );
  }, 1_800_000);
});

/** Each track's least number of coding questions (its issue's figure). */
const trackMinimum: Record<TrackCodingProductId, number> = { mlexpert: 15, infraexpert: 12 };

describe.each(trackCodingProductIds)('the %s coding questions', (track) => {
  const all = loadTrackCodingQuestions(track);
  const judged = only ? all.filter((q) => only.includes(q.slug)) : all;
  const trackLanguages = trackCodingQuestions[track].languages;

  it('are enough, named uniquely, each with a reference solution in every language of the track', () => {
    if (only) return;
    expect(all.length).toBeGreaterThanOrEqual(trackMinimum[track]);
    expect(new Set(all.map((q) => q.name)).size).toBe(all.length);
    expect(all.some((q) => q.free)).toBe(true);
    for (const question of all) {
      expect(questionCategories).toContain(question.category);
      for (const language of trackLanguages)
        expect({ slug: question.slug, language, present: !!question.solutions[language] }).toEqual({
          slug: question.slug,
          language,
          present: true,
        });
    }
  });

  it.each(trackLanguages)(
    'pass every test with the %s reference solution, and the starters pass none of them all',
    async (language) => {
      if (available.get(language) !== true) return;
      const outcomes = await inPairs(
        judged.map((question) => async () => {
          const reference = await judge(language, question, question.solutions[language] ?? '');
          const starter = await judge(language, question, question.starters[language]);
          return {
            slug: question.slug,
            reference: failures(reference) || 'CORRECT',
            starterCompiles: !starter.compileError,
            starterPassesAll: starter.results.length > 0 && starter.results.every((r) => r.passed),
          };
        }),
      );
      expect(outcomes).toEqual(
        judged.map((q) => ({
          slug: q.slug,
          reference: 'CORRECT',
          starterCompiles: true,
          starterPassesAll: false,
        })),
      );
    },
    600_000,
  );
});
