import { z } from 'zod';
import { anyone, commandAckSchema, defineCall, looseObject, signedIn, staffOnly } from './define';
import { built, planned } from './build-state';
import { post } from './call-path';
import * as routedPaths from './routed-call-paths';
import { fetchRequestSchema, roleSchema } from './common';
import { oauthProviders, SCREEN_LEASE_TTL_DEFAULT_SECONDS, uiVersionStatuses } from '../constants';

const machineUuidSchema = z.string().trim().min(1).max(100);

/** User info of spec 3. */
export const userInfoSchema = z.object({
  avatarUrl: z.string().nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  oauthProvider: z.enum(oauthProviders),
  oauthUserId: z.string(),
  region: z.string().nullable(),
  roles: z.array(roleSchema),
  /** Stable user id; the screen lease is held per subject. */
  subject: z.string(),
  /** A/B test assignments; the spec gives no shape: experiment name to variant. */
  abTesting: z.record(z.string(), z.string()),
  /** The spec gives no values. */
  status: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const getUserInfo = defineCall({
  route: routedPaths.getUserInfo,
  state: built,
  kind: 'query',
  /** Personal data lives in the command side's profile table (never in events or read models). */
  service: 'command-service',
  access: signedIn,
  summary: 'The signed-in user and their roles.',
  request: z.object({ machineUuid: machineUuidSchema.optional() }),
  response: userInfoSchema,
});

/**
 * The region the account's prices are in (user info's `region`, spec 3): one of the price list's
 * regions. The spec names the field, not how it is set; this call is ours.
 */
export const setPricingRegion = defineCall({
  route: post('setPricingRegion', '/api/users/v1/pricing-region/set'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Choose the region whose prices the account sees and pays.',
  request: z.object({
    region: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'A region is a two-letter code such as US, EU or IN.'),
  }),
  response: commandAckSchema.extend({ region: z.string() }),
});

/** Lease reply of spec 3: the current owner is the machine holding the lease when it was not acquired. */
export const leaseReplySchema = z.object({
  acquired: z.boolean(),
  currentOwner: z.string().nullable(),
});
export type LeaseReply = z.infer<typeof leaseReplySchema>;

/**
 * Single-screen lease (spec 4). A command: it changes who holds the lease. ttl is in seconds
 * (the spec gives 30 s default and 25 s from the shell).
 */
export const acquireScreenLease = defineCall({
  route: post('acquireScreenLease', '/api/users/v1/screen_lease/acquire'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: "Acquire or renew this machine's single-screen lease; force takes it over.",
  request: z.object({
    force: z.boolean().default(false),
    machine_uuid: machineUuidSchema,
    subject: z.string().min(1).max(200),
    ttl: z.number().int().min(1).max(600).default(SCREEN_LEASE_TTL_DEFAULT_SECONDS),
  }),
  response: commandAckSchema.extend(leaseReplySchema.shape),
});

/** Writes user meta (the keys of spec 3, User meta keys); merged deeply unless DeepMerge is false. */
export const setUserMeta = defineCall({
  route: post('setUserMeta', '/api/users/v1/meta'),
  state: planned('account'),
  kind: 'command',
  access: signedIn,
  summary: 'Save part of the user meta document.',
  request: z.object({
    Meta: looseObject,
    /** The spec gives no default here; true, like user-data/set. */
    DeepMerge: z.boolean().default(true),
  }),
  response: commandAckSchema,
});

export const getUserMeta = defineCall({
  route: post('getUserMeta', '/api/users/v1/usermeta/get'),
  state: planned('account'),
  kind: 'query',
  access: signedIn,
  summary: 'Read the parts of the user meta document the fetch map selects.',
  request: fetchRequestSchema,
  /** The selected subtrees, in the shape of the fetch map. */
  response: looseObject,
});

export const versionCheckReplySchema = z.object({ status: z.enum(uiVersionStatuses) });

const boundSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[0-9A-Za-z.+-]+$/, 'A version is made of letters, digits, dots, plus and minus signs.')
  .nullable();

/**
 * Staff: move the web build bounds without a deploy (after a bad release, say). The values win over
 * UI_MIN_SUPPORTED_VERSION / UI_MIN_RECOMMENDED_VERSION; null falls back to them.
 */
export const setUiVersionBounds = defineCall({
  route: post('setUiVersionBounds', '/api/staff/v1/ui-version/bounds'),
  state: built,
  kind: 'command',
  access: staffOnly,
  summary: 'Set the oldest supported and the oldest recommended web build.',
  request: z.object({ minSupported: boundSchema, minRecommended: boundSchema }),
  response: commandAckSchema,
});

export const evalUiVersion = defineCall({
  route: post('evalUiVersion', '/api/users/v1/ui_version/eval'),
  state: built,
  kind: 'query',
  access: anyone,
  summary: "Whether the client's build is supported, deprecated or unsupported (polled every 10 minutes).",
  request: z.object({ version: z.string().trim().min(1).max(100) }),
  response: versionCheckReplySchema,
});

/**
 * Spec 7 says only "timing offsets": milliseconds from navigation start per timing mark
 * (for example responseEnd, domInteractive, loadEventEnd). The field names are ours.
 */
export const recordPagePerf = defineCall({
  route: post('recordPagePerf', '/api/users/v1/page_perf/record'),
  state: planned('telemetry'),
  kind: 'command',
  access: anyone,
  summary: 'Record page-load timing offsets.',
  request: z.object({
    path: z.string().max(2000).optional(),
    offsets: z.record(z.string().max(100), z.number().min(0).max(3_600_000)),
  }),
  response: commandAckSchema,
});

export const getLicenseReport = defineCall({
  route: post('getLicenseReport', '/api/users/v1/license-report/get'),
  state: built,
  kind: 'query',
  access: signedIn,
  summary: 'Usage statistics of one licence key, for its holder.',
  request: z.object({ keyCode: z.string().trim().min(1).max(100) }),
  /** The spec says only "returning stats"; named counters, their set is not shown. */
  response: z.object({ stats: looseObject }),
});
