import { z } from 'zod';
import { commandAckSchema, defineCall, signedIn } from './define';
import { planned } from './build-state';
import { post } from './call-path';

/**
 * Spec 7, Events: a candidate's performance event on a question (mock interviews, assessments).
 * recordEvent, the client telemetry, is in spine.ts. Signed-in only: it is about a candidate.
 */
export const recordCandidatePerfEvent = defineCall({
  route: post('recordCandidatePerfEvent', '/api/events/v1/candidate-perf-event'),
  state: planned('telemetry'),
  kind: 'command',
  access: signedIn,
  summary: "Record a candidate's performance event on a question.",
  request: z.object({
    type: z.string().trim().min(1, 'type is required.').max(100, 'type is longer than 100 characters.'),
    questionName: z.string().trim().min(1, 'questionName is required.').max(200),
    body: z.unknown().optional(),
  }),
  response: commandAckSchema,
});
