-- Up Migration
CREATE TABLE rm_affiliate_clicks_daily (
  day date NOT NULL,
  affiliate_code text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, affiliate_code)
);
CREATE INDEX rm_affiliate_clicks_daily_code ON rm_affiliate_clicks_daily (affiliate_code, day);

-- Down Migration
DROP TABLE rm_affiliate_clicks_daily;
