/*
 * Every systems-design and machine-learning content file matches the content contract
 * (contracts/src/content/learning.ts): each file its schema, each folder its orders, free samples,
 * Markdown rules and lengths. The fixtures the engine's tests publish are held to the same rules but
 * their lengths (they are short on purpose).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fitbAccepts, learningProductIds } from '@app/contracts';
import { ContentError, contentDir, learningContentProblems, loadLearningContent } from './content-files';

const fixtures = resolve(__dirname, '..', '..', '..', 'tests', 'fixtures', 'learning-content');

describe('learning content', () => {
  it.each(learningProductIds)('every %s file under content/ follows the contract', (product) => {
    const content = loadLearningContent(product, contentDir());
    expect(learningContentProblems(content, { words: true })).toEqual([]);
  });

  it.each(learningProductIds)('the %s fixtures follow the contract but its lengths', (product) => {
    const content = loadLearningContent(product, fixtures);
    expect(content.lessons.length).toBeGreaterThan(0);
    expect(content.quiz.length).toBeGreaterThan(0);
    expect(content.designQuestions.length).toBe(1);
    expect(learningContentProblems(content, { words: false })).toEqual([]);
  });

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

  it('fill-in-the-blank answers compare trimmed and case-insensitively', () => {
    expect(fitbAccepts(['Partition tolerance'], '  partition TOLERANCE ')).toBe(true);
    expect(fitbAccepts(['partition tolerance'], 'partition')).toBe(false);
  });
});
