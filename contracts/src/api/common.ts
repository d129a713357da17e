import { z } from 'zod';
import {
  codingLanguages,
  problemProductIds,
  productIds,
  roles,
  submissionStatuses,
  unlockProductIds,
  ALL_ACCESS,
} from '../constants';

/* Small schemas several API modules share. Entities of one area live in that area's module. */

export const productIdSchema = z.enum(productIds);
/** A product or the allaccess pseudo-product (subscriptions, offerings). */
export const productOrBundleSchema = z.enum([...productIds, ALL_ACCESS]);
export const problemProductSchema = z.enum(problemProductIds);
export const codingLanguageSchema = z.enum(codingLanguages);
export const roleSchema = z.enum(roles);
export const submissionStatusSchema = z.enum(submissionStatuses);

/** Path parameters of the per-product calls under /api/problems/v1/{product}/. */
export const problemProductParams = z.object({ product: problemProductSchema });
/** unlocks/get also accepts backendexpert. */
export const unlockProductParams = z.object({ product: z.enum(unlockProductIds) });

/** Ids of stored things: opaque, non-empty, bounded. */
export const idSchema = z.string().trim().min(1, 'The id is empty.').max(200, 'The id is too long.');

/** ISO-8601 timestamp with offset, as every service writes them. */
export const timestampSchema = z.iso.datetime({ offset: true });

/** Amounts of money are integer cents (spec 9). */
export const centsSchema = z.number().int();

/** Query strings carry text: booleans arrive as "true"/"false" (also 1/0, yes/no). */
export const queryBoolean = z.stringbool();

/** Votes: down, none, up. The count changes by the difference between new and old vote (spec 4). */
export const voteSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)]);

/** Empty request body. */
export const emptyRequest = z.object({});

/** Source code sent to run or share; generous but bounded so one request cannot exhaust a runner. */
export const sourceCodeSchema = z.string().max(100_000, 'The code is longer than 100,000 characters.');

/**
 * Selects parts of a user-data document: a leaf equal to the fetch key ('TAKE') takes that
 * subtree; an object descends into it (spec 7, usermeta/get and user-data/get).
 */
export const FETCH_KEY = 'TAKE';
export type FetchMap = { [key: string]: typeof FETCH_KEY | FetchMap };
export const fetchMapSchema: z.ZodType<FetchMap> = z.lazy(() =>
  z.record(z.string().min(1).max(200), z.union([z.literal(FETCH_KEY), fetchMapSchema])),
);
export const fetchRequestSchema = z.object({
  fetchMap: fetchMapSchema,
  fetchKey: z.literal(FETCH_KEY).default(FETCH_KEY),
});
