import { z } from 'zod';
import { anyone, defineCall } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams } from '../common';
import { contentItemSchema, contentListSchema } from './shared-schemas';

/* Spec 7, Problems: the projects of a course (blockchain), under /api/problems/v1/{product}/. */

export const listProjects = defineCall({
  route: post('listProjects', '/api/problems/v1/{product}/projects/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Project catalogue (blockchain): name, summary, difficulty, milestones and availability.',
  request: emptyRequest,
  response: contentListSchema,
});

export const getProject = defineCall({
  route: post('getProject', '/api/problems/v1/{product}/projects/get'),
  state: built,
  kind: 'query',
  // A free project opens for everyone; the others answer PRODUCT_NOT_OWNED to non-owners.
  access: anyone,
  params: problemProductParams,
  summary: 'One project: its brief, milestones with their visible tests, starter and (owners) reference.',
  request: z.object({ projectId: idSchema }),
  response: contentItemSchema,
});
