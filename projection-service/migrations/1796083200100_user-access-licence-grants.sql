-- Up Migration

-- Products a learner owns through redeemed licence keys, product -> end of the licence year (all
-- access expanded). Kept apart from `products` (purchases and roles), because a grant ends with time:
-- the queries count it while its end is in the future.
ALTER TABLE rm_user_access ADD COLUMN licence_grants jsonb NOT NULL DEFAULT '{}';

-- Down Migration
ALTER TABLE rm_user_access DROP COLUMN licence_grants;
