/*
 * Every systems-design and machine-learning content file matches the content contract
 * (contracts/src/content/learning.ts): each file its schema, each folder its orders, free samples,
 * Markdown rules and lengths. The fixtures the engine's tests publish are held to the same rules but
 * their lengths (they are short on purpose).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  GLOSSARY_MIN_TERMS,
  captionsVtt,
  fitbAccepts,
  learningProductIds,
  learningProducts,
  lessonKinds,
  lessonStoryboardSchema,
} from '@app/contracts';
import {
  ContentError,
  algorithmsGlossaryProblems,
  contentDir,
  learningContentProblems,
  loadAlgorithmsGlossary,
  loadLearningContent,
  loadLessons,
} from './content-files';

const fixtures = resolve(__dirname, '..', '..', '..', 'tests', 'fixtures', 'learning-content');
const publicDir = resolve(__dirname, '..', '..', '..', 'web', 'public');

describe('learning content', () => {
  it.each(learningProductIds)('every %s file under content/ follows the contract', (product) => {
    const content = loadLearningContent(product, contentDir());
    expect(learningContentProblems(content, { words: true })).toEqual([]);
  });

  it('every blockchain course has an assessment of 8 questions, mixing multiple choice and fill in the blank', () => {
    const content = loadLearningContent('blockchainexpert', contentDir());
    for (const course of learningProducts.blockchainexpert.lessonKinds) {
      const questions = content.assessments.filter((question) => question.course === course);
      expect([course, questions.length]).toEqual([course, 8]);
      expect(new Set(questions.map((question) => question.kind))).toEqual(new Set(['mcq', 'fitb']));
    }
  });

  it("every algorithms glossary term under content/ follows the contract and points to the algorithms' lessons", () => {
    const glossary = loadAlgorithmsGlossary(contentDir());
    const lessons = lessonKinds.flatMap((kind) => loadLessons(kind, contentDir()));
    expect(glossary.length).toBeGreaterThanOrEqual(GLOSSARY_MIN_TERMS);
    expect(algorithmsGlossaryProblems(glossary, lessons, { words: true })).toEqual([]);
    // A term naming a lesson the algorithms do not have is refused.
    const [first] = glossary;
    expect(
      algorithmsGlossaryProblems([{ ...first!, seeAlso: [], lesson: 'no-such-lesson' }], lessons, {
        words: false,
      }),
    ).toEqual([`algorithms/glossary/${first!.slug}.json: lesson no-such-lesson is not a lesson here`]);
  });

  it('every lesson clip is made from its storyboard: the WebM and its captions are in web/public', () => {
    const withClips = [
      ...lessonKinds
        .flatMap((kind) => loadLessons(kind, contentDir()))
        .map((lesson) => ({
          folder: `algorithms/${lesson.kind}/${lesson.slug}`,
          lesson,
        })),
      ...learningProductIds.flatMap((product) =>
        loadLearningContent(product, contentDir()).lessons.map((lesson) => ({
          folder: `${learningProducts[product].folder}/${lesson.kind}/${lesson.slug}`,
          lesson,
        })),
      ),
    ].filter(({ lesson }) => lesson.video);
    // The free samples of the three products with lessons have clips.
    expect(withClips.length).toBeGreaterThanOrEqual(4);
    for (const { folder, lesson } of withClips) {
      const video = lesson.video!;
      expect(lesson.free).toBe(true);
      const clip = readFileSync(join(publicDir, video.src));
      // A WebM (EBML) file of some substance; web/scripts/make-lesson-clips.mjs makes it.
      expect(clip.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(clip.length).toBeGreaterThan(20_000);
      // The captions are the storyboard's, so a storyboard changed without its clip made again is caught.
      const board = lessonStoryboardSchema.parse(
        JSON.parse(readFileSync(join(contentDir(), folder, 'video.json'), 'utf8')),
      );
      expect(existsSync(join(publicDir, video.captionsSrc))).toBe(true);
      expect(readFileSync(join(publicDir, video.captionsSrc), 'utf8')).toBe(
        captionsVtt(board, `content/${folder}/video.json`),
      );
      expect(video.seconds).toBe(board.scenes.reduce((sum, scene) => sum + scene.seconds, 0));
    }
  });

  it.each(['systemsexpert', 'mlexpert'] as const)(
    'the %s fixtures follow the contract but its lengths',
    (product) => {
      const content = loadLearningContent(product, fixtures);
      expect(content.lessons.length).toBeGreaterThan(0);
      expect(content.quiz.length).toBeGreaterThan(0);
      expect(content.designQuestions.length).toBe(1);
      expect(learningContentProblems(content, { words: false })).toEqual([]);
    },
  );

  describe('refuses', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'learning-content-'));
      cpSync(join(fixtures, 'systems'), join(dir, 'systems'), { recursive: true });
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, value: unknown) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), typeof value === 'string' ? value : JSON.stringify(value));
    };

    it('a clip storyboard beside a paid lesson, or one that breaks its schema', () => {
      const board = {
        title: 'Caching in a minute',
        scenes: [
          { seconds: 5, heading: 'Why cache', caption: 'A cache keeps hot data close to the reader.' },
          { seconds: 5, heading: 'Eviction', caption: 'When it is full, something has to leave.' },
        ],
      };
      const paid = loadLearningContent('systemsexpert', dir).lessons.find((lesson) => !lesson.free)!;
      write(`systems/${paid.kind}/${paid.slug}/video.json`, board);
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(/only a free lesson has one/);
      rmSync(join(dir, `systems/${paid.kind}/${paid.slug}/video.json`));
      const free = loadLearningContent('systemsexpert', dir).lessons.find((lesson) => lesson.free)!;
      write(`systems/${free.kind}/${free.slug}/video.json`, { ...board, scenes: board.scenes.slice(0, 1) });
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(ContentError);
      write(`systems/${free.kind}/${free.slug}/video.json`, board);
      expect(
        loadLearningContent('systemsexpert', dir).lessons.find((l) => l.slug === free.slug)!.video,
      ).toEqual({
        title: 'Caching in a minute',
        src: `/media/lessons/systemsexpert/${free.kind}/${free.slug}.webm`,
        captionsSrc: `/media/lessons/systemsexpert/${free.kind}/${free.slug}.en.vtt`,
        seconds: 10,
      });
    });

    it('a lesson meta.json with a key the contract does not have', () => {
      write('systems/fundamentals/sample-caching/meta.json', {
        slug: 'sample-caching',
        title: 'Caching',
        summary: 'Twenty characters or more of summary.',
        order: 2,
        minutes: 5,
        free: false,
        author: 'someone',
      });
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(ContentError);
    });

    it('an mcq whose answer names no choice, a fitb without its blank', () => {
      const mcq = {
        slug: 'sample-x',
        order: 4,
        topic: 'Caching',
        kind: 'mcq',
        prompt: 'Which one is right?',
      };
      const explanation = 'Forty characters or more of explanation text here.';
      write('systems/quiz/sample-x.json', { ...mcq, choices: ['a', 'b'], answer: 2, explanation });
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(/answer names no choice/);
      write('systems/quiz/sample-x.json', {
        ...mcq,
        kind: 'fitb',
        prompt: 'No blank in this prompt.',
        answers: ['x'],
        explanation,
      });
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(/exactly one blank/);
    });

    it("a course assessment whose orders have a gap or whose question id another of the product's questions has", () => {
      const quizId = loadLearningContent('systemsexpert', dir).quiz[0]!.slug;
      const question = (slug: string, order: number) => ({
        slug,
        order,
        topic: 'Caching',
        kind: 'fitb',
        prompt: 'A cache that keeps the most recently used items evicts the least recently ____ one.',
        answers: ['used'],
        explanation: 'LRU eviction drops the entry whose last access is the oldest when the cache is full.',
      });
      write('systems/fundamentals/assessment.json', [question('sample-lru', 1), question(quizId, 3)]);
      const content = loadLearningContent('systemsexpert', dir);
      expect(content.assessments.map(({ slug, course }) => [slug, course])).toEqual([
        ['sample-lru', 'fundamentals'],
        [quizId, 'fundamentals'],
      ]);
      expect(learningContentProblems(content, { words: false })).toEqual(
        expect.arrayContaining([
          'systems/fundamentals/assessment.json: orders are 1, 3, not 1..2',
          `systems/fundamentals/assessment.json: question ${quizId} is also in systems/quiz/${quizId}.json`,
        ]),
      );
      write('systems/fundamentals/assessment.json', [{ ...question('sample-lru', 1), prompt: 'No blank.' }]);
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(/exactly one blank/);
    });

    it('a gap in the orders, a second free lesson, a # heading, a mermaid pie chart, short text', () => {
      write('systems/fundamentals/sample-extra/meta.json', {
        slug: 'sample-extra',
        title: 'Extra lesson',
        summary: 'Twenty characters or more of summary.',
        order: 4,
        minutes: 5,
        free: true,
      });
      write('systems/fundamentals/sample-extra/body.md', '# Title\n\n```mermaid\npie\n  "a": 1\n```\n');
      const problems = learningContentProblems(loadLearningContent('systemsexpert', dir), { words: true });
      expect(problems).toEqual(
        expect.arrayContaining([
          'systems/fundamentals: orders are 1, 2, 4, not 1..3',
          'systems/fundamentals/sample-extra: free is true; only the first lesson of a kind is free',
          'systems/fundamentals/sample-extra/body.md uses a # heading (start sections at ##)',
          'systems/fundamentals/sample-extra/body.md has a mermaid diagram of kind "pie" (flowchart or sequenceDiagram only)',
          expect.stringMatching(/^systems\/fundamentals\/sample-extra\/body.md: \d+ words, not 700 to 1500$/),
        ]),
      );
    });
  });

  it('refuses glossary terms that repeat a term, name missing terms or lessons, link out, or are too few', () => {
    const dir = mkdtempSync(join(tmpdir(), 'learning-glossary-'));
    try {
      cpSync(join(fixtures, 'systems'), join(dir, 'systems'), { recursive: true });
      const term = (slug: string, fields: Record<string, unknown>) =>
        writeFileSync(
          join(dir, 'systems', 'glossary', `${slug}.json`),
          JSON.stringify({
            slug,
            term: 'Cache hit ratio',
            definition: 'A second definition of a term the glossary already has, long enough to pass.',
            ...fields,
          }),
        );
      term('sample-again', { seeAlso: ['sample-missing', 'sample-again'], lesson: 'sample-nowhere' });
      term('sample-linked', {
        term: 'Linked term',
        definition:
          'A definition that links out to [somewhere](https://example.com), which the glossary refuses.',
      });
      const problems = learningContentProblems(loadLearningContent('systemsexpert', dir), { words: true });
      expect(problems).toEqual(
        expect.arrayContaining([
          'systems/glossary/sample-cache-hit-ratio.json: Cache hit ratio is also sample-again',
          'systems/glossary/sample-again.json: seeAlso names no other term (sample-missing)',
          'systems/glossary/sample-again.json: seeAlso names no other term (sample-again)',
          'systems/glossary/sample-again.json: lesson sample-nowhere is not a lesson here',
          'systems/glossary/sample-linked.json has a link (name the term in seeAlso instead)',
          'systems/glossary: 4 terms, not at least 30',
        ]),
      );
      // A file whose slug is not its name is refused when read.
      term('sample-renamed', { slug: 'another-slug', term: 'Renamed' });
      expect(() => loadLearningContent('systemsexpert', dir)).toThrow(/its slug says another-slug/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fill-in-the-blank answers compare trimmed and case-insensitively', () => {
    expect(fitbAccepts(['Partition tolerance'], '  partition TOLERANCE ')).toBe(true);
    expect(fitbAccepts(['partition tolerance'], 'partition')).toBe(false);
  });
});
