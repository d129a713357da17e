/*
 * The Solidity content loader refuses what a published question or project cannot be: a JSON that breaks
 * its schema, a slug that is not its folder's name, a missing Markdown or Solidity file, a source without
 * the contract the tests deploy, no hidden test. Works on copies of real content in a temp folder.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentError, contentDir } from './content-files';
import { loadSolidityProjects, loadSolidityQuestions } from './solidity-content';

describe('Solidity content files', () => {
  let dir: string;
  const question = () => join(dir, 'blockchain', 'questions', 'owned-counter');
  const project = () => join(dir, 'blockchain', 'projects', 'crowdfunding-campaign');
  const editJson = (file: string, edit: (json: Record<string, unknown>) => void) => {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    edit(json);
    writeFileSync(file, JSON.stringify(json));
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'solidity-content-'));
    for (const path of ['questions/owned-counter', 'projects/crowdfunding-campaign'])
      cpSync(join(contentDir(), 'blockchain', path), join(dir, 'blockchain', path), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loads a question with its Markdown and Solidity files, and a project with its brief', () => {
    const [loaded] = loadSolidityQuestions(dir);
    expect(loaded.slug).toBe('owned-counter');
    expect(loaded.prompt).toContain('**Interface**');
    expect(loaded.walkthrough).toContain('## The security point');
    expect(loaded.starter).toContain('contract Counter');
    expect(loaded.support).toBeUndefined();
    const [campaign] = loadSolidityProjects(dir);
    expect(campaign.milestones.length).toBeGreaterThanOrEqual(2);
    expect(campaign.brief.length).toBeGreaterThan(300);
  });

  it('refuses a slug that is not the folder name', () => {
    editJson(join(question(), 'question.json'), (json) => (json.slug = 'other-counter'));
    expect(() => loadSolidityQuestions(dir)).toThrow(
      'blockchain/questions/owned-counter: its slug says other-counter',
    );
  });

  it('refuses a key the schema does not have, or a test step without a call', () => {
    editJson(join(question(), 'question.json'), (json) => (json.extra = true));
    expect(() => loadSolidityQuestions(dir)).toThrow(ContentError);
    cpSync(join(contentDir(), 'blockchain/questions/owned-counter'), question(), { recursive: true });
    editJson(join(question(), 'question.json'), (json) => {
      (json.tests as { steps: object[] }[])[0].steps.push({ args: ['1'] });
    });
    expect(() => loadSolidityQuestions(dir)).toThrow(ContentError);
  });

  it('refuses missing files and a source without the contract', () => {
    unlinkSync(join(question(), 'walkthrough.md'));
    expect(() => loadSolidityQuestions(dir)).toThrow('walkthrough.md is missing');
    cpSync(join(contentDir(), 'blockchain/questions/owned-counter'), question(), { recursive: true });
    writeFileSync(join(question(), 'starter.sol'), '// SPDX-License-Identifier: MIT\ncontract Tally {}\n');
    expect(() => loadSolidityQuestions(dir)).toThrow('starter.sol does not declare Counter');
    unlinkSync(join(project(), 'solution.sol'));
    expect(() => loadSolidityProjects(dir)).toThrow('solution.sol is missing');
  });

  it('refuses a question without a hidden test', () => {
    editJson(join(question(), 'question.json'), (json) => {
      for (const test of json.tests as { hidden?: boolean }[]) delete test.hidden;
    });
    expect(() => loadSolidityQuestions(dir)).toThrow('at least one test must be hidden');
  });
});
