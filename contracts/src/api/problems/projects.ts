import { z } from 'zod';
import { anyone, defineCall } from '../define';
import { built } from '../build-state';
import { post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams } from '../common';
import { solidityTestSchema } from '../../content/solidity';
import { difficulties } from '../../constants';

/* Spec 7, Problems: the projects of a course (blockchain), under /api/problems/v1/{product}/. */

const projectSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  summary: z.string(),
  difficulty: z.literal(difficulties),
  difficultyLabel: z.string(),
  /** Its place in the list (publication order), from 1. */
  number: z.number().int().min(1),
  isFree: z.boolean(),
  acl: z.object({ isAvailable: z.boolean() }),
});

export const projectDetailSchema = projectSummarySchema.extend({
  version: z.number().int().min(1),
  brief: z.string(),
  contractName: z.string(),
  milestones: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      title: z.string(),
      body: z.string(),
      /** The milestone's visible test scenarios (the hidden ones stay on the server). */
      tests: z.array(solidityTestSchema),
      testsCount: z.number().int().nonnegative(),
      hiddenTestsCount: z.number().int().nonnegative(),
    }),
  ),
  starterCode: z.string(),
  solution: z.string(),
  /** Support.sol: contracts the tests deploy beside the learner's, shown read-only. */
  support: z.string().nullable(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const listProjects = defineCall({
  route: post('listProjects', '/api/problems/v1/{product}/projects/list'),
  state: built,
  kind: 'query',
  access: anyone,
  params: problemProductParams,
  summary: 'Project catalogue (blockchain): name, summary, difficulty, milestones and availability.',
  request: emptyRequest,
  response: z.object({
    items: z.array(
      projectSummarySchema.extend({
        milestones: z.array(z.object({ title: z.string(), testsCount: z.number().int().nonnegative() })),
      }),
    ),
  }),
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
  response: projectDetailSchema,
});
