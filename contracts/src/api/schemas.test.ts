import { startOAuth } from './auth';
import { acquireScreenLease, getUserMeta } from './users';
import { runCustomInput, setUserData, getCodingQuestion, listSharedSolutions } from './problems';
import { getAffiliateTracking } from './affiliates';
import { INVALID_QUICK_TEST_INPUT_MESSAGE, SCREEN_LEASE_TTL_DEFAULT_SECONDS } from '../constants';

/* Request schemas behave as the spec's call descriptions say. */

describe('request schemas', () => {
  it('reads OAuth start query values as text', () => {
    expect(startOAuth.request.parse({ redirect: '/x', partition: 'p', checkStudent: 'true' })).toEqual({
      redirect: '/x',
      partition: 'p',
      checkStudent: true,
    });
    expect(startOAuth.params.safeParse({ provider: 'fake' }).success).toBe(true);
    expect(startOAuth.params.safeParse({ provider: 'twitter' }).success).toBe(false);
  });

  it('defaults the lease ttl to the API default and force to false', () => {
    expect(acquireScreenLease.request.parse({ machine_uuid: 'm', subject: 's' })).toEqual({
      machine_uuid: 'm',
      subject: 's',
      force: false,
      ttl: SCREEN_LEASE_TTL_DEFAULT_SECONDS,
    });
  });

  it('takes a nested fetch map whose leaves are the fetch key TAKE', () => {
    const parsed = getUserMeta.request.parse({
      fetchMap: { workspace: 'TAKE', userCode: { twoSum: 'TAKE' } },
    });
    expect(parsed.fetchKey).toBe('TAKE');
    expect(getUserMeta.request.safeParse({ fetchMap: { workspace: 'GIVE' } }).success).toBe(false);
    expect(getUserMeta.request.safeParse({ fetchMap: {}, fetchKey: 'OTHER' }).success).toBe(false);
  });

  it('deep-merges user data unless told otherwise', () => {
    expect(setUserData.request.parse({ data: { a: 1 } }).deepMerge).toBe(true);
    expect(setUserData.request.parse({ data: {}, deepMerge: false }).deepMerge).toBe(false);
  });

  it('refuses quick-test input that is not JSON', () => {
    const base = { questionId: 'q', language: 'python', code: 'print(1)' };
    expect(runCustomInput.request.safeParse({ ...base, input: '{"array": [1, 2]}' }).success).toBe(true);
    const bad = runCustomInput.request.safeParse({ ...base, input: '{array: [1, 2]' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe(INVALID_QUICK_TEST_INPUT_MESSAGE);
    expect(runCustomInput.request.safeParse({ ...base, language: 'ruby', input: '1' }).success).toBe(false);
  });

  it('needs a question name or uid', () => {
    expect(getCodingQuestion.request.safeParse({ name: 'Two Number Sum' }).success).toBe(true);
    expect(getCodingQuestion.request.safeParse({ uid: 'abc' }).success).toBe(true);
    expect(getCodingQuestion.request.safeParse({}).success).toBe(false);
  });

  it('pages shared solutions from page 0', () => {
    expect(listSharedSolutions.request.parse({ questionId: 'q' }).page).toBe(0);
    expect(listSharedSolutions.request.safeParse({ questionId: 'q', page: -1 }).success).toBe(false);
  });

  it('reads the tracking lookback from the query string', () => {
    expect(getAffiliateTracking.request.parse({ lookback: '30' })).toEqual({ lookback: 30 });
    expect(getAffiliateTracking.request.safeParse({ lookback: 'soon' }).success).toBe(false);
  });
});
