import { decideAccess, isValidDefaultToken, lostProductRole, ownedProducts, type Principal } from './access';
import { DEFAULT_ANONYMOUS_TOKEN, productIds } from '../constants';
import { analystsOnly, anyone, ownerOfPathProduct, signedIn, staffOnly } from '../api/define';

const learner: Principal = { kind: 'user', userId: 'u', sessionId: 's', roles: [], products: [] };
const owner: Principal = {
  kind: 'user',
  userId: 'u',
  sessionId: 's',
  roles: ['premiumv1'],
  products: ['algoexpert'],
};
const staff: Principal = { kind: 'user', userId: 'u', sessionId: 's', roles: ['staff'], products: [] };

describe('ownedProducts', () => {
  it('maps product roles to products', () => {
    expect(ownedProducts(['premiumv1', 'mlexpertv1', 'student'])).toEqual(['algoexpert', 'mlexpert']);
  });
  it('adds active subscriptions and expands allaccess to six products', () => {
    expect(ownedProducts([], ['allaccess'])).toEqual([
      'algoexpert',
      'systemsexpert',
      'mlexpert',
      'frontendexpert',
      'infraexpert',
      'blockchainexpert',
    ]);
    expect(ownedProducts(['iosexpertv1'], ['systemsexpert'])).toEqual(['systemsexpert', 'iosexpert']);
  });
  it('ignores unknown subscription names and gives staff everything', () => {
    expect(ownedProducts([], ['nonsense'])).toEqual([]);
    expect(ownedProducts(['staff'])).toEqual([...productIds]);
  });
});

describe('lostProductRole', () => {
  it('is true only when a product role disappears', () => {
    expect(lostProductRole(['premiumv1', 'student'], ['premiumv1'])).toBe(false);
    expect(lostProductRole(['premiumv1'], ['systemsexpertv1'])).toBe(true);
    expect(lostProductRole([], ['premiumv1'])).toBe(false);
  });
});

describe('isValidDefaultToken', () => {
  it('needs 50 characters', () => {
    expect(isValidDefaultToken('x'.repeat(49))).toBe(false);
    expect(isValidDefaultToken('x'.repeat(50))).toBe(true);
    expect(isValidDefaultToken(DEFAULT_ANONYMOUS_TOKEN)).toBe(true);
  });
});

describe('decideAccess', () => {
  const anonymous: Principal = { kind: 'anonymous' };
  it('walks the matrix of callers and rules', () => {
    const outcome = (p: Principal) =>
      [anyone, signedIn, ownerOfPathProduct, staffOnly].map((a) => {
        const d = decideAccess(a, p, 'algoexpert');
        return d.allowed ? 'ok' : d.status;
      });
    expect(outcome(anonymous)).toEqual(['ok', 401, 401, 401]);
    expect(outcome(learner)).toEqual(['ok', 'ok', 403, 403]);
    expect(outcome(owner)).toEqual(['ok', 'ok', 'ok', 403]);
    expect(outcome({ ...staff, products: [...productIds] })).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(outcome({ kind: 'operator' })).toEqual(['ok', 403, 403, 'ok']);
  });
  it('names the missing product', () => {
    const d = decideAccess(ownerOfPathProduct, owner, 'mlexpert');
    expect(d).toMatchObject({ allowed: false, code: 'PRODUCT_NOT_OWNED' });
  });
});

describe('decideAccess for analysts', () => {
  const analyst: Principal = { ...learner, roles: ['analyst'] };
  it('lets analysts, staff and the operator in; refuses learners (403) and visitors (401)', () => {
    for (const principal of [analyst, staff, { kind: 'operator' } as const]) {
      expect(decideAccess(analystsOnly, principal)).toEqual({ allowed: true });
    }
    expect(decideAccess(analystsOnly, owner)).toMatchObject({
      allowed: false,
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(decideAccess(analystsOnly, { kind: 'anonymous' })).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
    });
  });
  it('an analyst is no staff member and owns no product', () => {
    expect(decideAccess(staffOnly, analyst)).toMatchObject({ allowed: false, status: 403 });
    expect(ownedProducts(['analyst'])).toEqual([]);
  });
});
