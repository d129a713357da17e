-- Up Migration

-- Identity's write side. Facts go to the event store (stream user-<id>); these tables are what the
-- command side needs to decide and authenticate at once: they change in the same transaction as the
-- events they follow. Personal data lives in identity_profiles only, which account wipe deletes.

CREATE TABLE identity_users (
  user_id uuid PRIMARY KEY,
  provider text NOT NULL,
  roles text[] NOT NULL DEFAULT '{}',
  -- Products of the user's active subscriptions (billing keeps it), including 'allaccess'.
  subscriptions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  wiped_at timestamptz
);

CREATE TABLE identity_profiles (
  user_id uuid PRIMARY KEY REFERENCES identity_users ON DELETE CASCADE,
  provider text NOT NULL,
  provider_user_id text NOT NULL,
  email text,
  name text,
  avatar_url text,
  username text,
  region text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, provider_user_id)
);
-- Usernames are unique regardless of case; the index decides races between concurrent requests.
CREATE UNIQUE INDEX identity_profiles_username_key ON identity_profiles (lower(username));
CREATE INDEX identity_profiles_email_idx ON identity_profiles (lower(email));

CREATE TABLE identity_sessions (
  session_id uuid PRIMARY KEY,
  -- SHA-256 of the token; the token itself is never stored.
  token_hash bytea NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES identity_users ON DELETE CASCADE,
  provider text NOT NULL,
  -- Roles when the token was issued: refresh answers them as OldRoles.
  roles_at_issue text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX identity_sessions_user_idx ON identity_sessions (user_id);

-- OAuth sign-ins between the start and the provider's callback: single use, short-lived.
CREATE TABLE identity_oauth_states (
  state_hash bytea PRIMARY KEY,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  redirect text NOT NULL,
  partition text,
  check_student boolean NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Single-screen lease per user: which machine may use the account now.
CREATE TABLE identity_screen_leases (
  user_id uuid PRIMARY KEY REFERENCES identity_users ON DELETE CASCADE,
  machine_uuid text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE identity_screen_leases;
DROP TABLE identity_oauth_states;
DROP TABLE identity_sessions;
DROP TABLE identity_profiles;
DROP TABLE identity_users;
