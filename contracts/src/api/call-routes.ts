import type { ApiCall } from './define';
import * as routed from './routed-call-paths';
import type { getAffiliateData } from './affiliates';
import type { signOut } from './auth';
import type { getCertificatePdf, verifyCertificate } from './certificates';
import type { systemStatus } from './spine';
import type { openSupportTicket } from './support';
import type { getUserInfo } from './users';
import type { getCharges, getSubscriptions } from './billing';
import type {
  createSubmission,
  generateCertificate,
  getCodingQuestion,
  getCodingQuestionTrace,
  getMyCertificates,
  getUnlocks,
  getUserData,
  listCodingQuestions,
  listLanguages,
  listSubmissions,
  runCustomInput,
  runSandbox,
  setUserData,
} from './problems/index';

/*
 * Where a call goes, without its zod schemas. The web builds an endpoint from a route when the page
 * that needs it must show before zod and the schemas load (the question list, the status page, the
 * session every page shares); the call's types ride along, so the endpoint is typed as if built from
 * the call. A route is its call's entry in routed-call-paths.ts, where its path is written. This module
 * imports types only, besides that one: keep it so.
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

export const listCodingQuestionsRoute: CallRoute<typeof listCodingQuestions> = routed.listCodingQuestions;
export const getCodingQuestionRoute: CallRoute<typeof getCodingQuestion> = routed.getCodingQuestion;
export const getCodingQuestionTraceRoute: CallRoute<typeof getCodingQuestionTrace> =
  routed.getCodingQuestionTrace;
export const listLanguagesRoute: CallRoute<typeof listLanguages> = routed.listLanguages;
export const runSandboxRoute: CallRoute<typeof runSandbox> = routed.runSandbox;
export const runCustomInputRoute: CallRoute<typeof runCustomInput> = routed.runCustomInput;
export const createSubmissionRoute: CallRoute<typeof createSubmission> = routed.createSubmission;
export const listSubmissionsRoute: CallRoute<typeof listSubmissions> = routed.listSubmissions;
export const getUserDataRoute: CallRoute<typeof getUserData> = routed.getUserData;
export const setUserDataRoute: CallRoute<typeof setUserData> = routed.setUserData;
export const getUnlocksRoute: CallRoute<typeof getUnlocks> = routed.getUnlocks;
export const getMyCertificatesRoute: CallRoute<typeof getMyCertificates> = routed.getMyCertificates;
export const generateCertificateRoute: CallRoute<typeof generateCertificate> = routed.generateCertificate;
export const getCertificatePdfRoute: CallRoute<typeof getCertificatePdf> = routed.getCertificatePdf;
export const verifyCertificateRoute: CallRoute<typeof verifyCertificate> = routed.verifyCertificate;
export const systemStatusRoute: CallRoute<typeof systemStatus> = routed.systemStatus;
export const getUserInfoRoute: CallRoute<typeof getUserInfo> = routed.getUserInfo;
export const signOutRoute: CallRoute<typeof signOut> = routed.signOut;
export const getSubscriptionsRoute: CallRoute<typeof getSubscriptions> = routed.getSubscriptions;
export const getChargesRoute: CallRoute<typeof getCharges> = routed.getCharges;

export const openSupportTicketRoute: CallRoute<typeof openSupportTicket> = routed.openSupportTicket;
export const getAffiliateDataRoute: CallRoute<typeof getAffiliateData> = routed.getAffiliateData;
