import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, signedIn, staffOnly } from './define';
import { built } from './build-state';
import { get, post } from './call-path';
import * as routedPaths from './routed-call-paths';
import { emptyRequest, queryBoolean, roleSchema } from './common';
import { oauthStartProviders, signInProviders } from '../constants';

export const oauthProviderParams = z.object({
  provider: z.enum(oauthStartProviders, {
    error: `Unknown sign-in provider; use one of ${oauthStartProviders.join(', ')}.`,
  }),
});

/**
 * Spec 7, Auth: opened in a popup. No JSON body on success: the answer is a 302 to the
 * provider's consent page (state and PKCE verifier kept server-side until the callback).
 */
export const startOAuth = defineCall({
  route: get('startOAuth', '/api/auth/v1/oauth2/{provider}'),
  state: built,
  kind: 'command',
  access: anyone,
  params: oauthProviderParams,
  summary: 'Start the OAuth sign-in with a provider; redirects to the provider.',
  request: z.object({
    /** Where the success page sends the token (its origin is the postMessage target). */
    redirect: z.string().max(2000).optional(),
    partition: z.string().max(200).optional(),
    checkStudent: queryBoolean.optional(),
    /** Fake provider only (never in production): who signs in. Without it a small form asks. */
    email: z.email('The email address is not valid.').max(320).optional(),
    name: z.string().trim().max(200).optional(),
    /** Fake provider only: the signed-in person counts as a verified student (grants the student role). */
    student: queryBoolean.optional(),
  }),
  response: z.undefined(),
});

export const signInProviderStatusSchema = z.object({
  provider: z.enum(signInProviders),
  /** False when this deployment has no client id and secret for it: shown as unavailable. */
  available: z.boolean(),
});

/** Not in spec 7: tells the sign-in dialog which providers this deployment has configured. */
export const listSignInProviders = defineCall({
  route: get('listSignInProviders', '/api/auth/v1/providers'),
  state: built,
  kind: 'query',
  service: 'command-service',
  access: anyone,
  summary: 'The sign-in providers and whether each is configured here.',
  request: z.object({}),
  response: z.object({
    providers: z.array(signInProviderStatusSchema),
    /** True when the fake provider is on (NODE_ENV is not production). */
    fakeProviderEnabled: z.boolean(),
  }),
});

/** Not in spec 7, which keeps tokens until they expire; revocation needs it. Revokes the calling token. */
export const signOut = defineCall({
  route: routedPaths.signOut,
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Revoke the token of this request.',
  request: z.object({ reason: z.enum(['userLoggedOut', 'singleScreen', 'credentialsExpired']).optional() }),
  response: commandAckSchema,
});

/**
 * Not listed in spec 7, which shows only the start of the flow; the flow cannot finish without it.
 * The provider redirects here; the answer is the authentication-success HTML page, which posts the
 * token to the opener's origin (spec 2, Other UI) and closes the popup. Sign-in is recorded as an event.
 */
export const finishOAuth = defineCall({
  route: get('finishOAuth', '/api/auth/v1/oauth2/{provider}/callback'),
  state: built,
  kind: 'command',
  access: anyone,
  params: oauthProviderParams,
  summary: 'Provider callback: exchange the code, sign the user in, hand the token to the opener.',
  request: z.object({
    code: z.string().max(2000).optional(),
    state: z.string().max(2000).optional(),
    /** Set by the provider when the user declined or the request failed. */
    error: z.string().max(500).optional(),
  }),
  /** HTML, not JSON. */
  response: z.string(),
});

/** Spec 7: answers the old and the new token and roles, so the shell can reload when a product role was lost. */
export const refreshToken = defineCall({
  route: post('refreshToken', '/api/auth/refresh'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Issue a fresh token with the current roles.',
  request: emptyRequest,
  response: commandAckSchema.extend({
    OldToken: z.string(),
    Token: z.string(),
    OldRoles: z.array(roleSchema),
    Roles: z.array(roleSchema),
  }),
});

export const wipeAccount = defineCall({
  route: post('wipeAccount', '/api/auth/v1/account/wipe'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: "Erase the user's personal data and saved progress; read models drop the user's rows.",
  request: emptyRequest,
  response: commandAckSchema,
});

/** The spec does not show username rules; these are ours: 3 to 30 letters, digits, dots, dashes, underscores. */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'The username is shorter than 3 characters.')
  .max(30, 'The username is longer than 30 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, 'The username may contain only letters, digits, dots, dashes and underscores.');

export const setUsername = defineCall({
  route: post('setUsername', '/api/auth/v1/username/set'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Set the public username.',
  request: z.object({ username: usernameSchema }),
  response: commandAckSchema.extend({ username: z.string() }),
});

const userIdSchema = z.uuid('The user id must be a UUID.');

/** Staff: every grant is a RoleGranted event with the staff member as actor. */
export const grantRole = defineCall({
  route: post('grantRole', '/api/staff/v1/users/roles/grant'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Grant a role to a user.',
  request: z.object({
    userId: userIdSchema,
    role: roleSchema,
    reason: z.string().trim().max(500).optional(),
  }),
  response: commandAckSchema.extend({ roles: z.array(roleSchema) }),
});

export const revokeRole = defineCall({
  route: post('revokeRole', '/api/staff/v1/users/roles/revoke'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Revoke a role from a user.',
  request: z.object({
    userId: userIdSchema,
    role: roleSchema,
    reason: z.string().trim().max(500).optional(),
  }),
  response: commandAckSchema.extend({ roles: z.array(roleSchema) }),
});

export const revokeUserSessions = defineCall({
  route: post('revokeUserSessions', '/api/staff/v1/users/sessions/revoke'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Revoke every token of a user (their next call answers 401 and logs them out).',
  request: z.object({ userId: userIdSchema }),
  response: commandAckSchema.extend({ revoked: z.number().int() }),
});

/** Staff look people up by email; served from the profile table, so it is the command side's. */
export const findUser = defineCall({
  route: post('findUser', '/api/staff/v1/users/find'),
  state: built,
  kind: 'query',
  service: 'command-service',
  access: staffOnly,
  summary: 'Find an account by email or username.',
  request: z
    .object({ email: z.string().trim().max(320).optional(), username: z.string().trim().max(30).optional() })
    .refine((v) => v.email || v.username, 'Give an email or a username.'),
  response: z.object({
    users: z.array(z.object({ userId: z.string(), roles: z.array(roleSchema), createdAt: z.string() })),
  }),
});

/** Read model of who owns what, per user (projection-service). */
export const userAccessSchema = z.object({
  userId: z.string(),
  provider: z.string(),
  roles: z.array(roleSchema),
  products: z.array(z.string()),
  registeredAt: z.string(),
  lastSignInAt: z.string().nullable(),
  signInCount: z.number().int(),
  screenTakeovers: z.number().int(),
});

export const getUserAccess = defineCall({
  route: get('getUserAccess', '/api/staff/v1/users/{userId}/access'),
  state: built,
  kind: 'query',
  access: staffOnly,
  params: z.object({ userId: userIdSchema }),
  summary: 'Roles, owned products and sign-in activity of one user, from the read model.',
  request: z.object({}),
  response: userAccessSchema,
});

export const productOwnership = defineCall({
  route: get('productOwnership', '/api/staff/v1/products/owners'),
  state: built,
  kind: 'query',
  access: staffOnly,
  summary: 'How many accounts own each product (roles and subscriptions), for analysts.',
  request: z.object({}),
  response: z.object({ owners: z.record(z.string(), z.number().int()), accounts: z.number().int() }),
});
