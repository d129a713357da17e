import type { ApiCall } from './define';
import type { signOut } from './auth';
import type { verifyCertificate } from './certificates';
import type { systemStatus } from './spine';
import type { getUserInfo } from './users';
import type { getCharges, getSubscriptions } from './billing';
import type {
  createSubmission,
  generateCertificate,
  getCodingQuestion,
  getMyCertificates,
  getUnlocks,
  getUserData,
  listCodingQuestions,
  listLanguages,
  listSubmissions,
  runCustomInput,
  runSandbox,
  setUserData,
} from './problems';

/*
 * Where a call goes, without its zod schemas. The web builds an endpoint from a route when the page
 * that needs it must show before zod and the schemas load (the question list, the status page, the
 * session every page shares); the call's types ride
 * along, so the endpoint is typed as if built from the call. This module imports types only: keep it so.
 * Each route is checked against its call (call-routes.test.ts).
 */

declare const callOfRoute: unique symbol;

export type CallRoute<Call extends ApiCall = ApiCall> = Pick<Call, 'id' | 'method' | 'path'> & {
  /** Types only: never set. */
  readonly [callOfRoute]?: Call;
};

/** Fills `{name}` placeholders of a route's path (as `buildPath`, for a route or a call). */
export function buildRoutePath(route: Pick<ApiCall, 'id' | 'path'>, params: Record<string, string> = {}) {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

export const listCodingQuestionsRoute: CallRoute<typeof listCodingQuestions> = {
  id: 'listCodingQuestions',
  method: 'POST',
  path: '/api/problems/v1/{product}/coding-questions/list',
};

export const getCodingQuestionRoute: CallRoute<typeof getCodingQuestion> = {
  id: 'getCodingQuestion',
  method: 'POST',
  path: '/api/problems/v1/{product}/coding-questions/get',
};

export const listLanguagesRoute: CallRoute<typeof listLanguages> = {
  id: 'listLanguages',
  method: 'GET',
  path: '/api/problems/v1/languages',
};

export const runSandboxRoute: CallRoute<typeof runSandbox> = {
  id: 'runSandbox',
  method: 'POST',
  path: '/api/problems/v1/{product}/run-sandbox',
};

export const runCustomInputRoute: CallRoute<typeof runCustomInput> = {
  id: 'runCustomInput',
  method: 'POST',
  path: '/api/problems/v1/{product}/run_custom_input',
};

export const createSubmissionRoute: CallRoute<typeof createSubmission> = {
  id: 'createSubmission',
  method: 'POST',
  path: '/api/problems/v1/{product}/submissions/create',
};

export const listSubmissionsRoute: CallRoute<typeof listSubmissions> = {
  id: 'listSubmissions',
  method: 'POST',
  path: '/api/problems/v1/submissions/list',
};

export const getUserDataRoute: CallRoute<typeof getUserData> = {
  id: 'getUserData',
  method: 'POST',
  path: '/api/problems/v1/{product}/user-data/get',
};

export const setUserDataRoute: CallRoute<typeof setUserData> = {
  id: 'setUserData',
  method: 'POST',
  path: '/api/problems/v1/{product}/user-data/set',
};

export const getUnlocksRoute: CallRoute<typeof getUnlocks> = {
  id: 'getUnlocks',
  method: 'POST',
  path: '/api/problems/v1/{product}/unlocks/get',
};

export const getMyCertificatesRoute: CallRoute<typeof getMyCertificates> = {
  id: 'getMyCertificates',
  method: 'POST',
  path: '/api/problems/v1/certificates/get_my_certificates',
};

export const generateCertificateRoute: CallRoute<typeof generateCertificate> = {
  id: 'generateCertificate',
  method: 'POST',
  path: '/api/problems/v1/certificates/generate_certificate',
};

export const verifyCertificateRoute: CallRoute<typeof verifyCertificate> = {
  id: 'verifyCertificate',
  method: 'GET',
  path: '/api/certificates/v1/{certificateId}/verify',
};

export const systemStatusRoute: CallRoute<typeof systemStatus> = {
  id: 'systemStatus',
  method: 'GET',
  path: '/api/system/v1/status',
};

export const getUserInfoRoute: CallRoute<typeof getUserInfo> = {
  id: 'getUserInfo',
  method: 'POST',
  path: '/api/users/v1/userinfo/get',
};

export const signOutRoute: CallRoute<typeof signOut> = {
  id: 'signOut',
  method: 'POST',
  path: '/api/auth/v1/logout',
};

export const getSubscriptionsRoute: CallRoute<typeof getSubscriptions> = {
  id: 'getSubscriptions',
  method: 'GET',
  path: '/api/subscriptions/v2/subscriptions/get',
};

export const getChargesRoute: CallRoute<typeof getCharges> = {
  id: 'getCharges',
  method: 'POST',
  path: '/api/subscriptions/v1/charges/get',
};
