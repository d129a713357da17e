import { z } from 'zod';
import { problemProductIds } from '../constants';
import { emptyRequest } from './common';
import { defineCall, staffOnly } from './define';

/** Staff publish the content the deployment ships: an event per new or changed question or lesson. */
export const publishContent = defineCall({
  id: 'publishContent',
  path: '/api/staff/v1/content/publish',
  kind: 'command',
  access: staffOnly,
  summary: "Publish the deployment's content folder: each new or changed item gets its next version.",
  request: emptyRequest,
  response: z.object({
    product: z.enum(problemProductIds),
    /** Items published by this call (the others were unchanged). */
    published: z.number().int().nonnegative(),
    items: z.array(
      z.object({
        kind: z.string(),
        id: z.string(),
        version: z.number().int().min(1),
        outcome: z.enum(['published', 'unchanged']),
      }),
    ),
    /** Consistency token of the last append (read-your-writes), when something was published. */
    position: z.string().nullable(),
  }),
});
