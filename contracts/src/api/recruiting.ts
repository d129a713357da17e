import { z } from 'zod';
import { commandAckSchema, defineCall, signedIn } from './define';
import { planned } from './build-state';
import { post } from './call-path';
import { emptyRequest } from './common';

/** Work experience entry of spec 3. start and end are as the user enters them (for example 2021-04). */
export const workExperienceSchema = z.object({
  company: z.string().max(200),
  title: z.string().max(200),
  start: z.string().max(50),
  end: z.string().max(50).nullable(),
  description: z.string().max(5000),
  isCurrent: z.boolean(),
});

/** Recruiting profile of spec 3; a null workExperience is shown as one empty entry. */
export const recruitingProfileSchema = z.object({
  workExperience: z.array(workExperienceSchema).max(50).nullable(),
});
export type RecruitingProfile = z.infer<typeof recruitingProfileSchema>;

export const getCandidateProfile = defineCall({
  route: post('getCandidateProfile', '/api/recruiting/v1/candidate-profile/get'),
  state: planned('recruiting'),
  kind: 'query',
  access: signedIn,
  summary: "The user's recruiting profile.",
  request: emptyRequest,
  response: recruitingProfileSchema,
});

export const setCandidateProfile = defineCall({
  route: post('setCandidateProfile', '/api/recruiting/v1/candidate-profile/set'),
  state: planned('recruiting'),
  kind: 'command',
  access: signedIn,
  summary: "Save the user's recruiting profile (whole document).",
  request: recruitingProfileSchema,
  response: commandAckSchema,
});
