import { z } from 'zod';
import { commandAckSchema, defineCall, signedIn } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import * as routedPaths from '../routed-call-paths';
import { problemProductSchema } from '../common';
import { submissionSchema } from './shared-schemas';

/* Spec 7, Behaviorals, submissions: the user's submissions of a product. */

export const listSubmissions = defineCall({
  route: routedPaths.listSubmissions,
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The user's latest submission per question of a product.",
  request: z.object({ product: problemProductSchema }),
  response: z.object({ submissions: z.array(submissionSchema) }),
});

export const deleteAllSubmissions = defineCall({
  route: post('deleteAllSubmissions', '/api/problems/v1/submissions/deleteAll'),
  state: built,
  kind: 'command',
  access: signedIn,
  summary: "Reset the user's submissions of a product.",
  request: z.object({ product: problemProductSchema }),
  response: commandAckSchema,
});
