import fs from 'node:fs';
import path from 'node:path';
import { apiCalls } from './index';
import { plannedAreas } from './build-state';
import { COVERAGE_END, COVERAGE_START, coverageMarkdown, withCoverage } from './coverage';
import { specCalls } from './spec-calls';

const readmePath = path.join(__dirname, '..', '..', 'README.md');

describe('coverage table', () => {
  it('in the README is what the contracts say (npm run -w contracts coverage writes it)', () => {
    const readme = fs.readFileSync(readmePath, 'utf8');
    const shown = readme.slice(
      readme.indexOf(COVERAGE_START),
      readme.indexOf(COVERAGE_END) + COVERAGE_END.length,
    );
    expect(shown).toBe(coverageMarkdown());
    expect(withCoverage(readme)).toBe(readme);
  });

  it("lists spec section 7's 96 calls once each, every one a call of the contracts", () => {
    const ids: string[] = Object.values(specCalls).flat();
    expect(ids.length).toBe(96);
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set(apiCalls.map((call) => call.id));
    expect(ids.filter((id) => !known.has(id))).toEqual([]);
  });

  it('says the counts, and every planned area has its issue or says it has none', () => {
    const spec = new Set<string>(Object.values(specCalls).flat());
    const built = apiCalls.filter((call) => spec.has(call.id) && call.state === 'built').length;
    expect(coverageMarkdown()).toContain(`**${built} of 96 calls built**, ${96 - built} planned:`);
    for (const call of apiCalls) {
      if (call.state !== 'built') expect(Object.keys(plannedAreas)).toContain(call.state.planned);
    }
  });
});
