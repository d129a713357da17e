import type { Provider } from '@nestjs/common';
import { TrackAffiliateClickController } from './track-affiliate-click/track-affiliate-click.controller';
import { TrackAffiliateClickHandler } from './track-affiliate-click/track-affiliate-click.handler';
import { EnrolAffiliateController } from './enrol-affiliate/enrol-affiliate.controller';
import { EnrolAffiliateHandler } from './enrol-affiliate/enrol-affiliate.handler';
import { ExpireAffiliateController } from './expire-affiliate/expire-affiliate.controller';
import { ExpireAffiliateHandler } from './expire-affiliate/expire-affiliate.handler';
import { SendAffiliatePayoutController } from './send-affiliate-payout/send-affiliate-payout.controller';
import { SendAffiliatePayoutHandler } from './send-affiliate-payout/send-affiliate-payout.handler';
import { AssignPartnerGroupController } from './assign-partner-group/assign-partner-group.controller';
import { AssignPartnerGroupHandler } from './assign-partner-group/assign-partner-group.handler';
import { AFFILIATE_CLOCK, AffiliatePayoutJob, type Clock } from './payout-schedule/affiliate-payout-job';

/** The affiliates' controllers and providers, listed by role for the app module. */
export const affiliateControllers = [
  TrackAffiliateClickController,
  EnrolAffiliateController,
  ExpireAffiliateController,
  SendAffiliatePayoutController,
  AssignPartnerGroupController,
];

export const affiliateProviders: Provider[] = [
  TrackAffiliateClickHandler,
  EnrolAffiliateHandler,
  ExpireAffiliateHandler,
  SendAffiliatePayoutHandler,
  AssignPartnerGroupHandler,
  { provide: AFFILIATE_CLOCK, useValue: (() => new Date()) satisfies Clock },
  AffiliatePayoutJob,
];
