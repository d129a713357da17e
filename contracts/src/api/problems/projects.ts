import { z } from 'zod';
import { anyone, defineCall, ownerOfPathProduct } from '../define';
import { planned } from '../build-state';
import { post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams } from '../common';
import { contentItemSchema, contentListSchema } from './shared-schemas';

/* Spec 7, Problems: the projects of a course (blockchain), under /api/problems/v1/{product}/. */

export const listProjects = defineCall({
  route: post('listProjects', '/api/problems/v1/{product}/projects/list'),
  state: planned('tracks'),
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Project catalogue (blockchain).',
  request: emptyRequest,
  response: contentListSchema,
});

export const getProject = defineCall({
  route: post('getProject', '/api/problems/v1/{product}/projects/get'),
  state: planned('tracks'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: 'One project.',
  request: z.object({ projectId: idSchema }),
  response: contentItemSchema,
});
