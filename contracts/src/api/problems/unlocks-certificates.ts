import { z } from 'zod';
import { commandAckSchema, defineCall, looseObject, signedIn } from '../define';
import { built } from '../build-state';
import * as routedPaths from '../routed-call-paths';
import { emptyRequest, unlockProductParams } from '../common';
import { DEFAULT_CERTIFICATE_VERSION } from '../../constants';

/*
 * Spec 7, Problems and Certificates: a product's unlock progress towards its certificate and the
 * recruiting profile, and the user's certificates (the public PDF and verification: ../certificates.ts).
 */

/** Unlock flags and progress of spec 3; each product reports the counts that apply to it. */
export const unlockProgressSchema = z.object({
  hasUnlockedLatestCert: z.boolean(),
  hasUnlockedRecruitingProfile: z.boolean(),
  latestCertVersion: z.string().default(DEFAULT_CERTIFICATE_VERSION),
  numQuestionsCompleted: z.number().int().nonnegative().optional(),
  numQuestionsRequired: z.number().int().nonnegative().optional(),
  numAssessmentQuestionsCompleted: z.number().int().nonnegative().optional(),
  numAssessmentQuestionsRequired: z.number().int().nonnegative().optional(),
  numPracticeQuestionsCompleted: z.number().int().nonnegative().optional(),
  numPracticeQuestionsRequired: z.number().int().nonnegative().optional(),
  quizScore: z.number().nonnegative().optional(),
  quizScoreRequired: z.number().nonnegative().optional(),
  /** Consecutive UTC days with a CORRECT submission, the run ending today or yesterday. */
  currentStreakDays: z.number().int().nonnegative().optional(),
  /** The longest such run ever. */
  longestStreakDays: z.number().int().nonnegative().optional(),
});
export type UnlockProgress = z.infer<typeof unlockProgressSchema>;

export const certificateSchema = z.object({ version: z.string() }).loose();

export const getUnlocks = defineCall({
  route: routedPaths.getUnlocks,
  state: built,
  kind: 'query',
  access: signedIn,
  params: unlockProductParams,
  summary: 'Certificate and recruiting-profile unlock progress for this product.',
  request: emptyRequest,
  response: unlockProgressSchema,
});

export const getMyCertificates = defineCall({
  route: routedPaths.getMyCertificates,
  state: built,
  kind: 'query',
  access: signedIn,
  summary: "The user's certificates, sorted by version, and how many were issued overall.",
  request: emptyRequest,
  response: z.object({
    globalCount: z.number().int().nonnegative(),
    certificates: z.array(certificateSchema),
  }),
});

export const generateCertificate = defineCall({
  route: routedPaths.generateCertificate,
  state: built,
  kind: 'command',
  access: signedIn,
  summary: 'Issue a certificate and answer where to download it.',
  request: z.object({
    /** What goes on the certificate (for example the name to print); not shown in the spec. */
    data: looseObject,
    type: z.string().trim().min(1).max(100),
  }),
  response: commandAckSchema.extend({ url: z.string() }),
});
