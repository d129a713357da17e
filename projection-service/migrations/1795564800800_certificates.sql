-- Up Migration

-- Issued certificates (CertificateIssued): get_my_certificates, the global count, the public PDF
-- and verification by id. A wiped learner's certificates are deleted, and the learner's id is kept
-- in rm_certificates_wiped_users so a certificate arriving after the wipe (its own stream, from
-- Kafka) is dropped too.
CREATE TABLE rm_certificates (
  certificate_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  product text NOT NULL,
  version text NOT NULL,
  issued_at timestamptz NOT NULL,
  UNIQUE (user_id, product, version)
);

CREATE TABLE rm_certificates_wiped_users (
  user_id uuid PRIMARY KEY
);

-- Down Migration
DROP TABLE rm_certificates_wiped_users;
DROP TABLE rm_certificates;
