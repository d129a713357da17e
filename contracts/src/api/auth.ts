import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, signedIn } from './define';
import { emptyRequest, queryBoolean, roleSchema } from './common';
import { oauthStartProviders } from '../constants';

export const oauthProviderParams = z.object({ provider: z.enum(oauthStartProviders) });

/**
 * Spec 7, Auth: opened in a popup. No JSON body on success: the answer is a 302 to the
 * provider's consent page (state and PKCE verifier kept server-side until the callback).
 */
export const startOAuth = defineCall({
  id: 'startOAuth',
  method: 'GET',
  path: '/api/auth/v1/oauth2/{provider}',
  kind: 'command',
  access: anyone,
  params: oauthProviderParams,
  summary: 'Start the OAuth sign-in with a provider; redirects to the provider.',
  request: z.object({
    /** Where the success page sends the token (its origin is the postMessage target). */
    redirect: z.string().max(2000).optional(),
    partition: z.string().max(200).optional(),
    checkStudent: queryBoolean.optional(),
  }),
  response: z.undefined(),
});

/**
 * Not listed in spec 7, which shows only the start of the flow; the flow cannot finish without it.
 * The provider redirects here; the answer is the authentication-success HTML page, which posts the
 * token to the opener's origin (spec 2, Other UI) and closes the popup. Sign-in is recorded as an event.
 */
export const finishOAuth = defineCall({
  id: 'finishOAuth',
  method: 'GET',
  path: '/api/auth/v1/oauth2/{provider}/callback',
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
  id: 'refreshToken',
  path: '/api/auth/refresh',
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
  id: 'wipeAccount',
  path: '/api/auth/v1/account/wipe',
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
  id: 'setUsername',
  path: '/api/auth/v1/username/set',
  kind: 'command',
  access: signedIn,
  summary: 'Set the public username.',
  request: z.object({ username: usernameSchema }),
  response: commandAckSchema.extend({ username: z.string() }),
});
