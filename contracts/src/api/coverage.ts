import { apiCalls } from './index';
import type { Access, ApiCall } from './define';
import { type PlannedArea, plannedAreas } from './build-state';
import { specCalls } from './spec-calls';

/*
 * The coverage table of contracts/README.md: every call of spec section 7, and the platform's own, with
 * its state. Written by `npm run -w contracts coverage` (scripts/coverage.js) between the markers below;
 * coverage.test.ts fails when the README differs from what this makes.
 */

export const COVERAGE_START =
  '<!-- coverage: generated from the contracts by `npm run -w contracts coverage`; do not edit by hand -->';
export const COVERAGE_END = '<!-- coverage end -->';

/** Code-unit order, the same under every locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const accessText = (access: Access) =>
  access.kind === 'owner'
    ? `owner of ${access.product === 'fromPath' ? '{product}' : access.product}`
    : access.kind;

const areaText = (area: PlannedArea) => {
  const { issue } = plannedAreas[area];
  return issue === null ? `${area} (no open issue)` : `${area} (#${issue})`;
};

const stateText = (call: ApiCall) =>
  call.state === 'built' ? 'built' : `planned: ${areaText(call.state.planned)}`;

const table = (calls: readonly ApiCall[]) => [
  '| Call | Method | Path | Kind | Access | State |',
  '| --- | --- | --- | --- | --- | --- |',
  ...calls.map(
    (call) =>
      `| ${call.id} | ${call.method} | \`${call.path}\` | ${call.kind} | ${accessText(call.access)} | ${stateText(call)} |`,
  ),
];

/** How many calls each planned area builds, most first. */
const plannedCounts = (calls: readonly ApiCall[]) => {
  const counts = new Map<PlannedArea, number>();
  for (const call of calls) {
    if (call.state !== 'built') counts.set(call.state.planned, (counts.get(call.state.planned) ?? 0) + 1);
  }
  return [...counts].sort(([a, x], [b, y]) => y - x || compare(a, b));
};

export function coverageMarkdown(): string {
  const byId = new Map(apiCalls.map((call) => [call.id, call]));
  const sections = Object.entries(specCalls).map(
    ([heading, ids]) => [heading, ids.map((id) => byId.get(id)!)] as const,
  );
  const spec = sections.flatMap(([, calls]) => calls);
  const specIds = new Set(spec.map((call) => call.id));
  // By path: the order of apiCalls depends on how the modules were compiled.
  const platform = apiCalls
    .filter((call) => !specIds.has(call.id))
    .sort((a, b) => compare(a.path, b.path) || compare(a.method, b.method));
  const builtSpec = spec.filter((call) => call.state === 'built').length;
  const builtPlatform = platform.filter((call) => call.state === 'built').length;
  return [
    COVERAGE_START,
    '',
    `Spec section 7: **${builtSpec} of ${spec.length} calls built**, ${spec.length - builtSpec} planned:`,
    ...plannedCounts(spec).map(([area, count]) => `- ${areaText(area)}: ${count}`),
    '',
    `Every call of spec section 7 is in the contracts. Beyond it, the platform's own calls: ${builtPlatform} of ${platform.length} built.`,
    ...sections.flatMap(([heading, calls]) => ['', `#### ${heading}`, '', ...table(calls)]),
    '',
    "#### The platform's own calls (not in spec 7)",
    '',
    ...table(platform),
    '',
    COVERAGE_END,
  ].join('\n');
}

/** The README with its coverage table replaced by the current one. */
export function withCoverage(readme: string): string {
  const start = readme.indexOf(COVERAGE_START);
  const end = readme.indexOf(COVERAGE_END);
  if (start === -1 || end < start) throw new Error('The README has no coverage markers.');
  return readme.slice(0, start) + coverageMarkdown() + readme.slice(end + COVERAGE_END.length);
}
