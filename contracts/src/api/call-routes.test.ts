import { buildPath } from './define';
import * as routes from './call-routes';
import { signOut } from './auth';
import { verifyCertificate } from './certificates';
import { systemStatus } from './spine';
import { getUserInfo } from './users';
import { getCharges, getSubscriptions } from './billing';
import {
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

const calls = [
  listCodingQuestions,
  getCodingQuestion,
  listLanguages,
  runSandbox,
  runCustomInput,
  createSubmission,
  listSubmissions,
  getUserData,
  setUserData,
  getUnlocks,
  getMyCertificates,
  generateCertificate,
  verifyCertificate,
  systemStatus,
  getUserInfo,
  signOut,
  getSubscriptions,
  getCharges,
];

describe('call routes', () => {
  it.each(calls.map((call) => [call.id, call] as const))(
    '%s: the route is where the call goes',
    (_, call) => {
      const route = (routes as Record<string, unknown>)[`${call.id}Route`];
      expect(route).toEqual({ id: call.id, method: call.method, path: call.path });
    },
  );

  it('every route is checked above', () => {
    const names = Object.keys(routes).filter((name) => name.endsWith('Route'));
    expect(names.sort()).toEqual(calls.map((call) => `${call.id}Route`).sort());
  });

  it('fills path placeholders as buildPath does', () => {
    expect(routes.buildRoutePath(listCodingQuestions, { product: 'algoexpert' })).toBe(
      buildPath(listCodingQuestions, { product: 'algoexpert' }),
    );
    expect(() => routes.buildRoutePath(listCodingQuestions)).toThrow(
      'listCodingQuestions: missing path parameter product',
    );
  });
});
