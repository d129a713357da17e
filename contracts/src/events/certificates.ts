import { z } from 'zod';
import { defineEvent } from './define';
import { problemProductIds } from '../constants';

/** A certificate version: numbers separated by dots ('1.0'). */
export const certificateVersionSchema = z.string().regex(/^\d{1,4}(\.\d{1,4}){0,3}$/);

/**
 * A learner earned a product's certificate (every published question completed) and it was issued:
 * one per learner, product and version, in the learner's certificates stream. Like every event it
 * holds ids only: the name printed on the PDF and shown by the public verification is the learner's
 * display name from the identity profile (personal data, erased by an account wipe).
 */
export const CertificateIssuedV1 = defineEvent({
  type: 'CertificateIssued',
  version: 1,
  schema: z.object({
    /** The verification id printed on the certificate. */
    certificateId: z.uuid(),
    userId: z.uuid(),
    product: z.enum(problemProductIds),
    version: certificateVersionSchema,
    issuedAt: z.iso.datetime({ offset: true }),
  }),
});
export type CertificateIssued = z.infer<typeof CertificateIssuedV1.schema>;

export const certificatesStreamId = (userId: string) => `certificates-${userId}`;
