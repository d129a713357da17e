import { z } from 'zod';
import * as api from './index';
import { apiCalls } from './index';
import { pathMatcher } from './define';
import type { ApiCall } from './define';
import { productIds } from '../constants';
import { specCalls } from './spec-calls';

/** The calls of spec section 7 (spec-calls.ts, the coverage table's rows). */
const section7 = new Set<string>(Object.values(specCalls).flat());

/** Commands whose answer is not a JSON acknowledgement: a redirect, an HTML page, or a read-side admin reply. */
const commandsWithoutAck = new Set([
  'startOAuth',
  'finishOAuth',
  'rebuildProjection',
  'getTestCheckoutPage',
  'payTestCheckout',
  'cancelTestCheckout',
  // Cancelling an analyst's running query stops a PostgreSQL backend; it appends nothing (the run's own event says it was cancelled).
  'cancelAnalyticsQuery',
  // Read-model snapshots are the read side's own tables, like a rebuild: they answer the snapshot.
  'startProjectionSnapshot',
  'dropProjectionSnapshot',
]);

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

  it('adds to section 7 only platform calls (staff, system, analytics) and what sign-in needs beyond it', () => {
    const extra = apiCalls
      .filter((call) => !section7.has(call.id))
      .filter((call) => !/^\/api\/(staff|system|analytics)\//.test(call.path));
    // The OAuth callback, the provider list of the sign-in dialog, and sign-out (tokens are revocable).
    // The languages this deployment can run, for the workspace's language menu.
    // The public certificate pages behind generate_certificate's url.
    // The payment provider's webhook, which fulfils purchases.
    // The receipt PDF behind receipts/download's short-lived link.
    // Help's contact form (spec 2 names the page, not its call).
    // The walkthrough trace of a coding question, which the workspace's walkthrough pane animates.
    // Outside production, the test payment page standing in for Stripe's hosted checkout.
    // The pricing region of user info (spec 3 names the field, not how an account sets it).
    // The partner dashboard (spec 2's /affiliate-dashboard for partner groups, whose codes are shared).
    // The counts a product page quotes (spec 1: the copy's counts come from the catalogue).
    // Revealing a blockchain practice answer (spec 3's revealedSolutions names the data, not the call).
    expect(extra.map((call) => call.id).sort()).toEqual(
      [
        'stripeWebhook',
        'getTestCheckoutPage',
        'payTestCheckout',
        'cancelTestCheckout',
        'finishOAuth',
        'listLanguages',
        'listSignInProviders',
        'signOut',
        'getCertificatePdf',
        'verifyCertificate',
        'getReceiptPdf',
        'openSupportTicket',
        'getCodingQuestionTrace',
        'setPricingRegion',
        'getPartnerDashboard',
        'getCatalogueSummary',
        'revealPracticeSolution',
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
      expect(['anyone', 'user', 'owner', 'staff', 'analyst']).toContain(call.access.kind);
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
