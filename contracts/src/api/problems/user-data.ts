import { z } from 'zod';
import { commandAckSchema, defineCall, looseObject, signedIn } from '../define';
import { built } from '../build-state';
import * as routedPaths from '../routed-call-paths';
import { fetchRequestSchema, problemProductParams } from '../common';

/* Spec 7, Problems: the signed-in user's saved data per product, under /api/problems/v1/{product}/. */

/** The shape of each track's document is in spec 3 (algorithms, frontend, infrastructure, blockchain...). */
export const getUserData = defineCall({
  route: routedPaths.getUserData,
  state: built,
  kind: 'query',
  access: signedIn,
  params: problemProductParams,
  summary: "The parts of the user's saved data for this product that the fetch map selects.",
  request: fetchRequestSchema,
  response: looseObject,
});

/**
 * Volatile per-user state (drafts, options, orderings): deep-merged by default (objects merge, arrays
 * and scalars replace, null deletes); deepMerge false replaces the top-level keys given. Merge and
 * limits: contracts/src/rules/user-data.ts (400 USER_DATA_TOO_LARGE over them).
 */
export const setUserData = defineCall({
  route: routedPaths.setUserData,
  state: built,
  kind: 'command',
  access: signedIn,
  params: problemProductParams,
  summary: "Save part of the user's data for this product.",
  request: z.object({ data: looseObject, deepMerge: z.boolean().default(true) }),
  response: commandAckSchema,
});
