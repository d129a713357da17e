/**
 * The areas of work that build the calls not built yet, each with the open issue that builds it
 * (`issues list`), or null when no open issue names its calls.
 */
export const plannedAreas = {
  commerce: { issue: 17, scope: 'offerings, prices, promo codes, checkout, receipts' },
  affiliates: { issue: 18, scope: 'affiliate accounts, tracking, earnings, payouts' },
  licences: { issue: 19, scope: 'team licences, licence keys, licence reports' },
  staff: { issue: 20, scope: "the management area, accounts' audit history" },
  analysts: { issue: 21, scope: 'SQL over the read models, charts, dashboards' },
  learning: { issue: 22, scope: 'lessons, quizzes, assessments, design questions, systems design, ML' },
  community: { issue: 23, scope: 'shared solutions, comments, votes' },
  tracks: { issue: 25, scope: 'the frontend, infrastructure, iOS and blockchain tracks' },
  recruiting: { issue: null, scope: 'candidate profiles' },
  account: { issue: null, scope: "the user's meta document" },
  telemetry: { issue: null, scope: 'page timings, candidate performance events' },
} as const;

export type PlannedArea = keyof typeof plannedAreas;

/**
 * Whether the services answer a call: `built`, or `planned` by an area of work. A planned call answers
 * 501 NOT_IMPLEMENTED; tests/src/services/access-matrix.test.ts holds every call to its state.
 */
export type BuildState = 'built' | { readonly planned: PlannedArea };

export const built: BuildState = 'built';
export const planned = (area: PlannedArea): BuildState => ({ planned: area });
