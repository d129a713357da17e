import { dailyCountProjection } from '../../runtime/daily-count-projection';

/** Affiliate link clicks counted per UTC day and code. */
export const affiliateClicksDailyProjection = dailyCountProjection({
  name: 'affiliate-clicks-daily',
  eventType: 'AffiliateLinkClicked',
  table: 'rm_affiliate_clicks_daily',
  keyColumn: 'affiliate_code',
  key: (event) => event.data.affiliateCode,
});
