import type { AffiliateLinkClicked } from '@app/contracts';
import { type Projection, countBy, utcDay } from '../../runtime/projection';

/** Affiliate link clicks counted per UTC day and code. */
export const affiliateClicksDailyProjection: Projection = {
  name: 'affiliate-clicks-daily',
  eventTypes: ['AffiliateLinkClicked'],
  tables: ['rm_affiliate_clicks_daily'],
  async apply(events, tx) {
    const { first, second, counts } = countBy(events, (event) => [
      utcDay(event),
      (event.data as AffiliateLinkClicked).affiliateCode,
    ]);
    if (counts.length === 0) return;
    await tx.query(
      `INSERT INTO rm_affiliate_clicks_daily (day, affiliate_code, count)
       SELECT * FROM unnest($1::date[], $2::text[], $3::bigint[])
       ON CONFLICT (day, affiliate_code) DO UPDATE SET count = rm_affiliate_clicks_daily.count + EXCLUDED.count`,
      [first, second, counts],
    );
  },
};
