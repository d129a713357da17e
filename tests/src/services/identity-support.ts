import type { Role } from '@app/contracts';
import { STAFF_TOKEN, call } from './platform-harness';

/** Pulls the token out of the authentication-success page the popup would run. */
export function tokenFromSuccessPage(html: string): string {
  const match = /"token":"(aes1_[A-Za-z0-9_-]+)"/.exec(html);
  if (!match) throw new Error(`no token in the page:\n${html.slice(0, 2000)}`);
  return match[1];
}

export type SignedInUser = { token: string; userId: string; email: string };

let counter = 0;
/** A unique email per call, so suites never meet each other's accounts. */
export const uniqueEmail = (label = 'learner') =>
  `${label}.${Date.now().toString(36)}.${(counter++).toString(36)}@example.test`;

/** Signs someone in through the fake provider, as the popup would, and reads who they are. */
export async function signInFake(
  base: string,
  options: { email?: string; name?: string; student?: boolean } = {},
): Promise<SignedInUser> {
  const email = options.email ?? uniqueEmail();
  const query = new URLSearchParams({ email, redirect: '/' });
  if (options.name) query.set('name', options.name);
  if (options.student) query.set('student', 'true');
  const page = await call<string>(base, `/api/auth/v1/oauth2/fake?${query}`);
  if (page.status !== 200) throw new Error(`fake sign-in answered ${page.status}: ${String(page.body)}`);
  const token = tokenFromSuccessPage(page.body);
  const info = await call<{ subject: string }>(base, '/api/users/v1/userinfo/get', { json: {}, token });
  if (info.status !== 200) throw new Error(`userinfo answered ${info.status}`);
  return { token, userId: info.body.subject, email };
}

/** A signed-in user holding the given roles (granted by the operator token). */
export async function signInWithRoles(base: string, roles: Role[], label?: string): Promise<SignedInUser> {
  const user = await signInFake(base, { email: uniqueEmail(label) });
  for (const role of roles) {
    const granted = await call(base, '/api/staff/v1/users/roles/grant', {
      json: { userId: user.userId, role },
      token: STAFF_TOKEN,
    });
    if (granted.status !== 200) throw new Error(`grant ${role} answered ${granted.status}`);
  }
  return user;
}
