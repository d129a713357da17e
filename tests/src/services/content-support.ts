import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const fixtures = path.resolve(
  __dirname,
  '..',
  '..',
  '..',
  'command-service',
  'src',
  'execution',
  'questions',
);

/**
 * A content folder holding engine fixtures (command-service/src/execution/questions) as published
 * algorithms questions, for the suites that judge code against them: the fixture's question, tests
 * and solutions, with the fields a published question needs besides. Answers the folder; the
 * platform publishes it at start when given PUBLISH_CONTENT=true and CONTENT_DIR.
 */
export function fixtureContent(
  slugs: readonly string[],
  options: { free?: readonly string[] } = {},
): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixture-content-'));
  for (const slug of slugs) {
    const target = path.join(dir, 'algorithms', 'questions', slug);
    fs.cpSync(path.join(fixtures, slug), target, { recursive: true });
    const question = JSON.parse(fs.readFileSync(path.join(target, 'question.json'), 'utf8'));
    const extra = {
      category: 'Arrays',
      free: options.free?.includes(slug) ?? false,
      hints: ['A test fixture has hints like any question.', 'They are numbered from one.'],
      complexity: { time: 'O(n)', space: 'O(n)' },
      walkthrough: `The engine's fixture ${slug}, published for a test suite. `.repeat(8),
    };
    fs.writeFileSync(path.join(target, 'question.json'), JSON.stringify({ ...question, ...extra }));
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
