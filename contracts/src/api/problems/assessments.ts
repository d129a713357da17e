import { z } from 'zod';
import { commandAckSchema, defineCall, ownerOfPathProduct } from '../define';
import { planned } from '../build-state';
import type { Access } from '../define';
import { post } from '../call-path';
import { emptyRequest, idSchema, problemProductParams, timestampSchema } from '../common';
import { contentItemSchema, contentListSchema } from './shared-schemas';

/*
 * Spec 7, Assessments (algorithms, under /api/problems/v1/assessments/), and the per-course assessment
 * questions of a product (blockchain's, under /api/problems/v1/{product}/).
 */

const algoexpertOwner: Access = { kind: 'owner', product: 'algoexpert' };

export const assessmentSummarySchema = z.object({ questionId: idSchema, name: z.string() }).loose();

export const currentAssessmentSchema = z
  .object({ questionId: idSchema, startedAt: timestampSchema, expiresAt: timestampSchema.nullable() })
  .loose();

export const listAssessments = defineCall({
  route: post('listAssessments', '/api/problems/v1/assessments/list'),
  state: planned('learning'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'Assessment questions, grouped (group names are not shown in the spec).',
  request: emptyRequest,
  response: z.object({ groupedSummaries: z.record(z.string(), z.array(assessmentSummarySchema)) }),
});

export const startAssessment = defineCall({
  route: post('startAssessment', '/api/problems/v1/assessments/start'),
  state: planned('learning'),
  kind: 'command',
  access: algoexpertOwner,
  summary: 'Start an assessment on one question.',
  request: z.object({ questionId: idSchema }),
  response: commandAckSchema.extend({ assessment: currentAssessmentSchema }),
});

export const getCurrentAssessment = defineCall({
  route: post('getCurrentAssessment', '/api/problems/v1/assessments/current/get'),
  state: planned('learning'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'The assessment in progress, if any.',
  request: emptyRequest,
  response: z.object({ assessment: currentAssessmentSchema.nullable() }),
});

export const abandonCurrentAssessment = defineCall({
  route: post('abandonCurrentAssessment', '/api/problems/v1/assessments/current/abandon'),
  state: planned('learning'),
  kind: 'command',
  access: algoexpertOwner,
  summary: 'Abandon the assessment in progress.',
  request: emptyRequest,
  response: commandAckSchema,
});

export const getAssessmentDetails = defineCall({
  route: post('getAssessmentDetails', '/api/problems/v1/assessments/details/get'),
  state: planned('learning'),
  kind: 'query',
  access: algoexpertOwner,
  summary: 'One assessment question with its prompt.',
  request: z.object({ questionId: idSchema }),
  response: contentItemSchema,
});

export const getProductAssessments = defineCall({
  route: post('getProductAssessments', '/api/problems/v1/{product}/assessments/get'),
  state: planned('tracks'),
  kind: 'query',
  access: ownerOfPathProduct,
  params: problemProductParams,
  summary: "Assessment questions of one course section (blockchain's per-course assessments).",
  request: z.object({ sectionName: z.string().trim().min(1).max(200) }),
  response: contentListSchema,
});
