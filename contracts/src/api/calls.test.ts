import { z } from 'zod';
import * as api from './index';
import { apiCalls } from './index';
import { pathMatcher } from './define';
import type { ApiCall } from './define';
import { productIds } from '../constants';

/** Every call path of spec section 7, as written there (per-product ones with their {product} placeholder). */
const section7Paths: readonly (readonly ['GET' | 'POST', string])[] = [
  // Auth
  ['GET', '/api/auth/v1/oauth2/{provider}'],
  ['POST', '/api/auth/refresh'],
  ['POST', '/api/auth/v1/account/wipe'],
  ['POST', '/api/auth/v1/username/set'],
  // Users
  ['POST', '/api/users/v1/userinfo/get'],
  ['POST', '/api/users/v1/screen_lease/acquire'],
  ['POST', '/api/users/v1/meta'],
  ['POST', '/api/users/v1/usermeta/get'],
  ['POST', '/api/users/v1/ui_version/eval'],
  ['POST', '/api/users/v1/page_perf/record'],
  ['POST', '/api/users/v1/license-report/get'],
  // Events
  ['POST', '/api/events/v1/event'],
  ['POST', '/api/events/v1/candidate-perf-event'],
  // Announcements
  ['POST', '/api/announcements/v1/announcement/mine'],
  // Problems, per product
  ...[
    'glossary/get',
    'datastructures/get',
    'coding-questions/list',
    'coding-questions/get',
    'tips/get',
    'design-questions/list',
    'design-questions/get',
    'long-form-questions/list',
    'long-form-questions/get',
    'interview-tips/get',
    'interview-questions/list',
    'fundamentals/get',
    'lessons/list',
    'lessons/get',
    'assessments/get',
    'projects/list',
    'projects/get',
    'user-data/get',
    'user-data/set',
    'unlocks/get',
    'quiz/list',
    'quiz/start',
    'quiz/answer',
    'quiz/finish',
    // Code execution
    'run-sandbox',
    'submissions/create',
    'run_custom_input',
    'run_json_tests',
    'run-repl',
    'run-mocha',
    'submissions/mcq/create',
    'submissions/fitb/create',
    'submissions/coding-question/sandbox/create',
    'submissions/screenshot/create',
    'submissions/frontend-question/mocha/create',
  ].map((rest) => ['POST', `/api/problems/v1/{product}/${rest}`] as const),
  ['POST', '/api/problems/v1/systems-design-quiz/list'],
  ['POST', '/api/problems/v1/systems-design-quiz/start'],
  ['POST', '/api/problems/v1/systems-design-quiz/answer'],
  ['POST', '/api/problems/v1/systems-design-quiz/finish'],
  // Assessments
  ['POST', '/api/problems/v1/assessments/list'],
  ['POST', '/api/problems/v1/assessments/start'],
  ['POST', '/api/problems/v1/assessments/current/get'],
  ['POST', '/api/problems/v1/assessments/current/abandon'],
  ['POST', '/api/problems/v1/assessments/details/get'],
  // Certificates, behaviorals, submissions
  ['POST', '/api/problems/v1/certificates/get_my_certificates'],
  ['POST', '/api/problems/v1/certificates/generate_certificate'],
  ['POST', '/api/problems/v1/behaviorals/get'],
  ['POST', '/api/problems/v1/submissions/list'],
  ['POST', '/api/problems/v1/submissions/deleteAll'],
  // Shared solutions
  ...[
    'submit',
    'list',
    'vote',
    'delete',
    'comments/create',
    'comments/list',
    'comments/vote',
    'comments/delete',
    'comments/edit',
    'nested-comments/list',
  ].map((rest) => ['POST', `/api/problems/v1/shared-solutions/${rest}`] as const),
  // Recruiting
  ['POST', '/api/recruiting/v1/candidate-profile/get'],
  ['POST', '/api/recruiting/v1/candidate-profile/set'],
  // Billing
  ['POST', '/api/subscriptions/v3/offerings/get'],
  ['POST', '/api/subscriptions/v3/platform-offerings/get'],
  ['POST', '/api/subscriptions/v3/triple-offerings/get'],
  ['POST', '/api/subscriptions/v2/offerings/purchase'],
  ['GET', '/api/subscriptions/v2/subscriptions/get'],
  ['POST', '/api/subscriptions/v1/charges/get'],
  ['POST', '/api/subscriptions/v2/receipts/download'],
  ['POST', '/api/subscriptions/v2/licenses/purchase'],
  ['POST', '/api/subscriptions/v3/licenses/purchase'],
  ['POST', '/api/subscriptions/v2/licenses/offerings/list'],
  ['POST', '/api/subscriptions/v2/licenses/get_license_state'],
  ['POST', '/api/subscriptions/v2/licenses/delete_license_key'],
  ['POST', '/api/subscriptions/v2/licenses/edit_license_key'],
  ['POST', '/api/subscriptions/v2/licenses/apply_license_key'],
  ['POST', '/api/subscriptions/v2/licenses/create_license_key'],
  ['POST', '/api/subscriptions/v2/licenses/receipts/download'],
  // Affiliates
  ['GET', '/api/subscriptions/v1/affiliates/data'],
  ['POST', '/api/subscriptions/v1/affiliates/tracking/click'],
  ['GET', '/api/subscriptions/v1/affiliates/tracking'],
  ['POST', '/api/subscriptions/v2/affiliate-account/get'],
  ['GET', '/api/subscriptions/v2/affiliate_payouts/last'],
];

/** Commands whose answer is not a JSON acknowledgement: a redirect, an HTML page, or a read-side admin reply. */
const commandsWithoutAck = new Set(['startOAuth', 'finishOAuth', 'rebuildProjection']);

const placeholdersOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const paramNamesOf = (call: ApiCall) =>
  call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];

describe('apiCalls', () => {
  it('has unique ids that are valid camelCase endpoint names', () => {
    const ids = apiCalls.map((call) => call.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('exports each call under its id', () => {
    const exported = Object.entries(api).filter(([, value]) => apiCalls.includes(value as ApiCall));
    expect(exported.length).toBe(apiCalls.length);
    for (const [name, call] of exported) expect((call as ApiCall).id).toBe(name);
  });

  it('has a unique method and path per call', () => {
    const keys = apiCalls.map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every path under /api/ with placeholders matching params', () => {
    for (const call of apiCalls) {
      expect(call.path).toMatch(/^\/api\/[\w\-/{}]+(\.pdf)?$/);
      expect(call.path).not.toMatch(/\/$/);
      expect(placeholdersOf(call.path)).toEqual(paramNamesOf(call));
    }
  });

  it('contains every call path of spec section 7 with its method', () => {
    const present = new Set(apiCalls.map((call) => `${call.method} ${call.path}`));
    const missing = section7Paths
      .map(([method, path]) => `${method} ${path}`)
      .filter((key) => !present.has(key));
    expect(missing).toEqual([]);
    expect(new Set(section7Paths.map(([method, path]) => `${method} ${path}`)).size).toBe(
      section7Paths.length,
    );
  });

  it('adds to section 7 only platform calls (staff, system) and what sign-in needs beyond it', () => {
    const spec = new Set(section7Paths.map(([method, path]) => `${method} ${path}`));
    const extra = apiCalls
      .filter((call) => !spec.has(`${call.method} ${call.path}`))
      .filter((call) => !/^\/api\/(staff|system)\//.test(call.path));
    // The OAuth callback, the provider list of the sign-in dialog, and sign-out (tokens are revocable).
    // The languages this deployment can run, for the workspace's language menu.
    // The public certificate pages behind generate_certificate's url.
    // The payment provider's webhook, which fulfils purchases.
    expect(extra.map((call) => call.id).sort()).toEqual(
      [
        'stripeWebhook',
        'finishOAuth',
        'listLanguages',
        'listSignInProviders',
        'signOut',
        'getCertificatePdf',
        'verifyCertificate',
      ].sort(),
    );
  });

  it('routes commands to the command-service with an acknowledgement carrying the position', () => {
    for (const call of apiCalls.filter((c) => c.kind === 'command' && !commandsWithoutAck.has(c.id))) {
      expect(call.response).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((call.response as z.ZodObject).shape)).toContain('position');
      expect(call.service).toBe('command-service');
    }
    // Queries read projections, except the few that read personal data, which only the command side holds.
    // (and the languages, which only the runners know).
    const personalDataQueries = ['listSignInProviders', 'getUserInfo', 'findUser', 'listLanguages'];
    for (const call of apiCalls.filter((c) => c.kind === 'query')) {
      expect([call.id, call.service]).toEqual([
        call.id,
        personalDataQueries.includes(call.id) ? 'command-service' : 'projection-service',
      ]);
    }
  });

  it('uses only known access kinds and products', () => {
    for (const call of apiCalls) {
      expect(['anyone', 'user', 'owner', 'staff']).toContain(call.access.kind);
      if (call.access.kind === 'owner') {
        expect([...productIds, 'fromPath']).toContain(call.access.product);
        if (call.access.product === 'fromPath') expect(paramNamesOf(call)).toContain('product');
      }
    }
  });

  it('never lets a fixed path be claimed by another call of the same method', () => {
    for (const fixed of apiCalls.filter((call) => !call.path.includes('{'))) {
      const claimants = apiCalls.filter((other) => {
        if (other === fixed || other.method !== fixed.method) return false;
        const params = pathMatcher(other)(fixed.path);
        return params !== undefined && other.params.safeParse(params).success;
      });
      expect(claimants.map((c) => c.id)).toEqual([]);
    }
  });

  it('lets per-product calls accept the seven problem products, and unlocks backendexpert too', () => {
    const byId = new Map(apiCalls.map((call) => [call.id, call]));
    const runSandbox = byId.get('runSandbox')!;
    expect(runSandbox.params.safeParse({ product: 'mlexpert' }).success).toBe(true);
    expect(runSandbox.params.safeParse({ product: 'backendexpert' }).success).toBe(false);
    expect(runSandbox.params.safeParse({ product: 'programmingexpert' }).success).toBe(false);
    expect(byId.get('getUnlocks')!.params.safeParse({ product: 'backendexpert' }).success).toBe(true);
  });
});
