import { z } from 'zod';
import { defineEvent } from './define';
import { oauthProviders, roles } from '../constants';

/*
 * Identity facts. They carry user ids, roles and providers only: email, name, avatar, username and
 * the provider's user id live in the command side's profile table, which account wipe erases.
 * Every event here is appended to the user's stream, `user-<userId>`.
 */

const userId = z.uuid();
const provider = z.enum(oauthProviders);
const role = z.enum(roles);

export const UserRegisteredV1 = defineEvent({
  type: 'UserRegistered',
  version: 1,
  schema: z.object({ userId, provider }),
});

export const UserSignedInV1 = defineEvent({
  type: 'UserSignedIn',
  version: 1,
  schema: z.object({
    userId,
    provider,
    /** The session the sign-in opened (its token is never stored, only a hash). */
    sessionId: z.uuid(),
    studentCheckRequested: z.boolean(),
  }),
});

/** A session ended: signed out, replaced by a refresh, or revoked by staff or a wipe. */
export const SessionRevokedV1 = defineEvent({
  type: 'SessionRevoked',
  version: 1,
  schema: z.object({
    userId,
    sessionId: z.uuid(),
    reason: z.enum(['signedOut', 'singleScreen', 'refreshed', 'revokedByStaff']),
    /** The session that replaced it, for refreshes. */
    replacedBy: z.uuid().optional(),
  }),
});

/** The username itself stays in the profile table; the fact that it changed is the event. */
export const UsernameSetV1 = defineEvent({
  type: 'UsernameSet',
  version: 1,
  schema: z.object({ userId }),
});

/**
 * The account chose the region its prices are in (a region of the price list). Kept in the profile
 * too, where the session reads it; the region is not personal enough to leave the event.
 */
export const PricingRegionSetV1 = defineEvent({
  type: 'PricingRegionSet',
  version: 1,
  schema: z.object({ userId, region: z.string().regex(/^[A-Z]{2}$/) }),
});

export const RoleGrantedV1 = defineEvent({
  type: 'RoleGranted',
  version: 1,
  schema: z.object({ userId, role, reason: z.string().max(500).optional() }),
});

export const RoleRevokedV1 = defineEvent({
  type: 'RoleRevoked',
  version: 1,
  schema: z.object({ userId, role, reason: z.string().max(500).optional() }),
});

/** Another machine took the single-screen lease over while this one still held it (account sharing). */
export const ScreenLeaseTakenOverV1 = defineEvent({
  type: 'ScreenLeaseTakenOver',
  version: 1,
  schema: z.object({
    userId,
    machineUuid: z.string().min(1).max(100),
    previousMachineUuid: z.string().min(1).max(100),
  }),
});

/** Personal data erased, sessions revoked; read models drop every row of this user. */
export const AccountWipedV1 = defineEvent({
  type: 'AccountWiped',
  version: 1,
  schema: z.object({ userId }),
});

export type UserRegistered = z.infer<typeof UserRegisteredV1.schema>;
export type UserSignedIn = z.infer<typeof UserSignedInV1.schema>;
export type SessionRevoked = z.infer<typeof SessionRevokedV1.schema>;
export type UsernameSet = z.infer<typeof UsernameSetV1.schema>;
export type PricingRegionSet = z.infer<typeof PricingRegionSetV1.schema>;
export type RoleGranted = z.infer<typeof RoleGrantedV1.schema>;
export type RoleRevoked = z.infer<typeof RoleRevokedV1.schema>;
export type ScreenLeaseTakenOver = z.infer<typeof ScreenLeaseTakenOverV1.schema>;
export type AccountWiped = z.infer<typeof AccountWipedV1.schema>;

/** The stream of one user's identity facts. */
export const userStreamId = (userId: string) => `user-${userId}`;
