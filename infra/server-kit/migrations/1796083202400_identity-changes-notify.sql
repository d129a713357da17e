-- Up Migration

-- Both services keep the callers they have authenticated in memory (SessionAuthenticator) instead of
-- reading the session, roles and products on every call. Any change to what a principal is made of
-- tells them at commit, through NOTIFY on `identity_changed` with the user's id: a revoked session, a
-- sign-out, a role, a subscription, a licence grant, a region, a wipe. PostgreSQL signals the listening
-- connections when the transaction commits; a process uses a cached caller only after a round trip on its
-- listening connection, which brings every notification committed before it (see PrincipalCache).
CREATE FUNCTION identity_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('identity_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('identity_changed', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('identity_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER identity_users_changed AFTER INSERT OR UPDATE OR DELETE ON identity_users
  FOR EACH ROW EXECUTE FUNCTION identity_notify_change();
CREATE TRIGGER identity_sessions_changed AFTER UPDATE OR DELETE ON identity_sessions
  FOR EACH ROW EXECUTE FUNCTION identity_notify_change();
CREATE TRIGGER identity_profiles_changed AFTER INSERT OR UPDATE OR DELETE ON identity_profiles
  FOR EACH ROW EXECUTE FUNCTION identity_notify_change();
CREATE TRIGGER identity_licence_grants_changed AFTER INSERT OR UPDATE OR DELETE ON identity_licence_grants
  FOR EACH ROW EXECUTE FUNCTION identity_notify_change();

-- Down Migration
DROP TRIGGER identity_licence_grants_changed ON identity_licence_grants;
DROP TRIGGER identity_profiles_changed ON identity_profiles;
DROP TRIGGER identity_sessions_changed ON identity_sessions;
DROP TRIGGER identity_users_changed ON identity_users;
DROP FUNCTION identity_notify_change();
