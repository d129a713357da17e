import { get, post } from './call-path';

/*
 * Where the calls the web reaches without zod go (see call-path.ts), each exported under the call's id:
 * their definitions take them from here (`route: routedPaths.x`) and call-routes.ts types them as the
 * web's routes. Every other call's is written in its definition. These live apart because the web's
 * first page imports them, and a module goes whole into one chunk: a table of every call's would bring
 * the path of every call the web defines to the first page, or to the shared chunk every page loads
 * next (0.5 kB gzipped, measured).
 */
// problems/questions.ts
export const listCodingQuestions = post(
  'listCodingQuestions',
  '/api/problems/v1/{product}/coding-questions/list',
);
export const getCodingQuestion = post('getCodingQuestion', '/api/problems/v1/{product}/coding-questions/get');
export const getCodingQuestionTrace = post(
  'getCodingQuestionTrace',
  '/api/problems/v1/{product}/coding-questions/walkthrough-trace',
);

// problems/execution.ts
export const listLanguages = get('listLanguages', '/api/problems/v1/languages');
export const runSandbox = post('runSandbox', '/api/problems/v1/{product}/run-sandbox');
export const runCustomInput = post('runCustomInput', '/api/problems/v1/{product}/run_custom_input');
export const createSubmission = post('createSubmission', '/api/problems/v1/{product}/submissions/create');

// problems/submissions.ts
export const listSubmissions = post('listSubmissions', '/api/problems/v1/submissions/list');

// problems/user-data.ts
export const getUserData = post('getUserData', '/api/problems/v1/{product}/user-data/get');
export const setUserData = post('setUserData', '/api/problems/v1/{product}/user-data/set');

// problems/unlocks-certificates.ts
export const getUnlocks = post('getUnlocks', '/api/problems/v1/{product}/unlocks/get');
export const getMyCertificates = post(
  'getMyCertificates',
  '/api/problems/v1/certificates/get_my_certificates',
);
export const generateCertificate = post(
  'generateCertificate',
  '/api/problems/v1/certificates/generate_certificate',
);

// certificates.ts
export const getCertificatePdf = get('getCertificatePdf', '/api/certificates/v1/{certificateId}.pdf');
export const verifyCertificate = get('verifyCertificate', '/api/certificates/v1/{certificateId}/verify');

// spine.ts
export const systemStatus = get('systemStatus', '/api/system/v1/status');

// users.ts
export const getUserInfo = post('getUserInfo', '/api/users/v1/userinfo/get');

// auth.ts
export const signOut = post('signOut', '/api/auth/v1/logout');

// billing.ts
export const getSubscriptions = get('getSubscriptions', '/api/subscriptions/v2/subscriptions/get');
export const getCharges = post('getCharges', '/api/subscriptions/v1/charges/get');

// support.ts
export const openSupportTicket = post('openSupportTicket', '/api/support/v1/tickets/create');

// affiliates.ts: the account menu asks whether to offer the affiliate dashboard.
export const getAffiliateData = get('getAffiliateData', '/api/subscriptions/v1/affiliates/data');
