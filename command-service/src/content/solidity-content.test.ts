/*
 * Every Solidity question and project of content/blockchain is judged for real (solc and the EVM, in the
 * bubblewrap sandbox): its reference solution passes every test (visible and hidden, every milestone),
 * its starter compiles and fails at least one. CONTENT_ONLY=slug,slug judges a few while writing content.
 * In CI (CI=true) a missing sandbox fails the suite; elsewhere the judging skips with a message.
 */
import type { SolidityTest } from '@app/contracts';
import { bubblewrapForTests } from '../execution/sandbox/test-support';
import type { BubblewrapSandbox } from '../execution/sandbox';
import { inPairs } from '../execution/languages/judge-support';
import { judgeSolidity, judgeSolidityProject, solidityBinds } from '../execution/solidity';
import type { RunTestsResult } from '../execution/languages/run-tests';
import { loadSolidityProjects, loadSolidityQuestions } from './solidity-content';

const only = process.env.CONTENT_ONLY?.split(',').filter(Boolean);
const pick = <T extends { slug: string }>(items: T[]) =>
  only ? items.filter((item) => only.includes(item.slug)) : items;
const allQuestions = loadSolidityQuestions();
const allProjects = loadSolidityProjects();
const questions = pick(allQuestions);
const projects = pick(allProjects);

type Item = { slug: string; contractName: string; support?: string; tests: SolidityTest[] };
const items: Item[] = [
  ...questions,
  ...projects.map((p) => ({ ...p, tests: p.milestones.flatMap((m) => m.tests) })),
];
const judged = new Map<string, { solution: RunTestsResult; starter: RunTestsResult }>();
let sandbox: BubblewrapSandbox | undefined;

const failures = (run: RunTestsResult, tests: SolidityTest[]) =>
  run.compileError ??
  run.results
    .map((r, i) => (r.passed ? '' : `${tests[i].name}: ${r.reason ?? r.error?.reason}`))
    .filter(Boolean)
    .join('\n');

beforeAll(async () => {
  sandbox = await bubblewrapForTests({ extraBinds: solidityBinds(), slots: 2 });
  if (!sandbox) return;
  const sources = [...questions, ...projects];
  const runs = await inPairs(
    items.flatMap((item, i) =>
      (['solution', 'starter'] as const).map((kind) => async () => {
        const started = Date.now();
        const result = await judgeSolidity({
          sandbox: sandbox!,
          source: sources[i][kind],
          question: { contractName: item.contractName, tests: item.tests, support: item.support },
          // Wall time: these machines' two cores are shared, and a loaded run must not fail on time.
          limits: { timeLimitMs: 120_000 },
        });
        return { slug: item.slug, kind, result, ms: Date.now() - started };
      }),
    ),
  );
  for (const run of runs) {
    const entry = judged.get(run.slug) ?? ({} as { solution: RunTestsResult; starter: RunTestsResult });
    entry[run.kind] = run.result;
    judged.set(run.slug, entry);
  }
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `[solidity content] ${runs.length} judge runs, median ${times[Math.floor(times.length / 2)]} ms, ` +
      `max ${times[times.length - 1]} ms`,
  );
}, 600_000);

afterAll(async () => {
  await sandbox?.close();
});

describe('Solidity content', () => {
  it('has at least 10 questions and 3 projects, all loading cleanly', () => {
    expect(allQuestions.length).toBeGreaterThanOrEqual(10);
    expect(allProjects.length).toBeGreaterThanOrEqual(3);
    expect(new Set(allQuestions.map((q) => q.difficulty))).toEqual(new Set([1, 2, 3]));
    expect(allQuestions.some((q) => q.free)).toBe(true);
  });

  describe.each(items.map((item) => [item.slug, item] as const))('%s', (slug, item) => {
    it('passes every test with the reference solution', () => {
      if (!sandbox) return;
      const run = judged.get(slug)!.solution;
      expect(failures(run, item.tests)).toBe('');
      expect(run.results).toHaveLength(item.tests.length);
    });

    it('compiles the starter, which fails at least one test', () => {
      if (!sandbox) return;
      const run = judged.get(slug)!.starter;
      expect(run.compileError).toBeUndefined();
      expect(run.results).toHaveLength(item.tests.length);
      expect(run.results.some((r) => !r.passed)).toBe(true);
    });
  });

  it('fails a wrong project solution in the milestone it breaks and no other', async () => {
    if (!sandbox) return;
    const project = allProjects.find((p) => p.slug === 'capped-nft')!;
    const limit = 'if (mintedBy[msg.sender] >= maxPerWallet) revert WalletLimit(maxPerWallet);';
    expect(project.solution).toContain(limit);
    const { run, milestones } = await judgeSolidityProject({
      sandbox,
      source: project.solution.replace(limit, ''),
      project,
      limits: { timeLimitMs: 120_000 },
    });
    expect(run.compileError).toBeUndefined();
    expect(milestones.map((m) => m.passed)).toEqual(project.milestones.map((_, i) => i !== 0));
    const failed = milestones[0].results.find((r) => !r.passed)!;
    expect(failed.hidden).toBe(true);
    expect(failed.reason).toBe(
      'step 3: alice → mint() with 10 wei: expected a revert, but the call succeeded',
    );
  }, 180_000);
});
