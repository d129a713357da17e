import { z } from 'zod';
import { defineEvent } from './define';
import { problemProductIds } from '../constants';

/**
 * A learner saved part of their data for one product (user-data/set): drafts, solution slots,
 * scratchpad, marks, filters, orderings, workspace options. `data` is merged into the stored
 * document by applyUserDataSet (contracts/src/rules/user-data.ts): deeply when deepMerge is true,
 * top-level keys replaced when false; a null deletes its key either way.
 */
export const UserDataSetV1 = defineEvent({
  type: 'UserDataSet',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    data: z.record(z.string(), z.unknown()),
    deepMerge: z.boolean(),
  }),
});
export type UserDataSet = z.infer<typeof UserDataSetV1.schema>;

/** One stream per learner and product: its sets in order, which is all the merge needs. */
export const userDataStreamId = (product: string, userId: string) => `user-data-${product}-${userId}`;
