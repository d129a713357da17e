import { z } from 'zod';
import { anyone, defineCall } from './define';
import { built } from './build-state';
import * as routedPaths from './routed-call-paths';
import { problemProductSchema, timestampSchema } from './common';

/*
 * Public certificate pages: anyone holding a verification id (printed on the certificate) can
 * download the PDF and check that it was issued. The learner's own calls (get_my_certificates,
 * generate_certificate) are in problems/unlocks-certificates.ts, with the rest of spec 7.
 */

const certificateParams = z.object({ certificateId: z.uuid('The certificate id is not valid.') });

export const getCertificatePdf = defineCall({
  route: routedPaths.getCertificatePdf,
  state: built,
  kind: 'query',
  access: anyone,
  params: certificateParams,
  summary: 'The certificate as a PDF (application/pdf); 404 when no such certificate was issued.',
  request: z.object({}),
  response: z.unknown(),
});

export const verifyCertificate = defineCall({
  route: routedPaths.verifyCertificate,
  state: built,
  kind: 'query',
  access: anyone,
  params: certificateParams,
  summary: 'Whether a verification id belongs to an issued certificate, and to whom; 404 when not.',
  request: z.object({}),
  response: z.object({
    valid: z.literal(true),
    name: z.string(),
    product: problemProductSchema,
    issuedAt: timestampSchema,
    version: z.string(),
  }),
});
