-- Up Migration

-- Three more views for analysts (issue 21's dashboards of licence seat use, affiliate earnings per month
-- and read-model lag over time), and the lag samples the last one reads.

-- Each read model's distance from the head, sampled once a minute by the projection-service (whichever
-- process samples first in a minute writes it), kept 30 days.
CREATE TABLE projection_lag_samples (
  sampled_at timestamptz NOT NULL,
  projection text NOT NULL,
  events_behind bigint NOT NULL,
  lag_ms bigint NOT NULL,
  PRIMARY KEY (sampled_at, projection)
);

-- Per licence holder (a user id) and product: seats bought, left in no key, drawn into keys, redeemed
-- (redemptions of deleted keys included), and the end of the licence year. From the licence books.
CREATE VIEW analytics.licence_seats AS
  SELECT b.holder_id,
         s.product,
         (s.seat ->> 'total')::int AS seats_bought,
         (s.seat ->> 'unused')::int AS seats_in_no_key,
         coalesce(k.in_keys, 0)::int AS seats_in_keys,
         (coalesce(k.redeemed, 0) + coalesce((b.book -> 'retiredRedemptions' ->> s.product)::int, 0))::int
           AS seats_redeemed,
         (s.seat ->> 'expiresAt')::timestamptz AS expires_at,
         (s.seat ->> 'isEnterprise')::boolean AS is_enterprise
    FROM rm_licence_books b
    CROSS JOIN LATERAL jsonb_each(b.book -> 'seats') AS s(product, seat)
    LEFT JOIN LATERAL (
      SELECT sum((l.item ->> 'count')::int) AS in_keys, sum(jsonb_array_length(l.item -> 'redemptions')) AS redeemed
        FROM jsonb_array_elements(b.book -> 'keys') AS l(item)
       WHERE l.item ->> 'product' = s.product
    ) k ON true;
COMMENT ON VIEW analytics.licence_seats IS
  'Team licences per holder and product: seats bought, in no key, in keys, redeemed; licence year end.';

-- An affiliate's earnings per month (YYYY-MM, in US cents) with the status its dashboard shows (the rule
-- of contracts' affiliatePayoutStatus): '—' without earnings, 'Sent' up to the last month paid, else
-- 'In Progress'; and the payout made for that very month, if any. Affiliates by id: no alias or email.
CREATE VIEW analytics.affiliate_months AS
  SELECT m.affiliate_id, m.month, m.sales, m.gross_cents, m.fee_cents, m.reduction_cents, m.earnings_cents,
         CASE WHEN m.earnings_cents = 0 THEN '—'
              WHEN m.month <= (SELECT max(l.month) FROM rm_affiliate_payouts l WHERE l.affiliate_id = m.affiliate_id)
                THEN 'Sent'
              ELSE 'In Progress' END AS status,
         p.amount AS payout_cents, p.sent_at AS payout_sent_at
    FROM rm_affiliate_months m
    LEFT JOIN rm_affiliate_payouts p USING (affiliate_id, month);
COMMENT ON VIEW analytics.affiliate_months IS
  'Affiliate earnings per month in US cents, with the payout when the month is Sent.';

CREATE VIEW analytics.projection_lag_history AS
  SELECT sampled_at, projection, events_behind, lag_ms FROM projection_lag_samples;
COMMENT ON VIEW analytics.projection_lag_history IS
  'Each read model''s events behind and lag, sampled once a minute, for the last 30 days.';

GRANT SELECT ON analytics.licence_seats, analytics.affiliate_months, analytics.projection_lag_history
  TO analytics_reader;

-- Down Migration
DROP VIEW analytics.projection_lag_history;
DROP VIEW analytics.affiliate_months;
DROP VIEW analytics.licence_seats;
DROP TABLE projection_lag_samples;
