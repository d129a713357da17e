-- Up Migration
CREATE TABLE rm_telemetry_daily (
  day date NOT NULL,
  event_type text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (day, event_type)
);

-- Down Migration
DROP TABLE rm_telemetry_daily;
