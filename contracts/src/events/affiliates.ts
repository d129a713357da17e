import { z } from 'zod';
import { defineEvent } from './define';
import { affiliateCodeSchema } from '../rules/affiliates';

/**
 * v1 stored only the code. v2 adds the landing path, unknown for old clicks (null).
 * Kept as the worked example of upcasting (see contracts/README.md).
 */
export const AffiliateLinkClickedV1 = defineEvent({
  type: 'AffiliateLinkClicked',
  version: 1,
  schema: z.object({ affiliateCode: affiliateCodeSchema }),
});

export const AffiliateLinkClickedV2 = defineEvent({
  type: 'AffiliateLinkClicked',
  version: 2,
  schema: z.object({ affiliateCode: affiliateCodeSchema, landingPath: z.string().max(2000).nullable() }),
  upcastFromPrevious: (previous) => {
    const v1 = AffiliateLinkClickedV1.schema.parse(previous);
    return { affiliateCode: v1.affiliateCode, landingPath: null };
  },
});
export type AffiliateLinkClicked = z.infer<typeof AffiliateLinkClickedV2.schema>;
