-- Who a signed-in request is (auth.users with its identities and factors, and the session) changes
-- only through rows of these four tables: each change notifies the user's id on
-- spark_auth_user_changed, whatever wrote it (the auth service, the console, a migration, psql), at
-- commit. The auth service on PGlite (one process) keeps those rows in memory and drops a user's at
-- once on this notification (src/embedded/auth/signed-in-cache.ts). Inserted sessions notify nothing
-- (nothing absent is cached), nor do refreshes (refreshed_at / updated_at: nothing cached reads them).
CREATE FUNCTION "auth"."notify_user_changed_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('spark_auth_user_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('spark_auth_user_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "auth"."notify_user_changed_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('spark_auth_user_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('spark_auth_user_changed', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('spark_auth_user_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_notify_user_changed" AFTER UPDATE OR DELETE ON "auth"."users"
  FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed_by_id"();--> statement-breakpoint
CREATE TRIGGER "identities_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."identities"
  FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "mfa_factors_notify_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "auth"."mfa_factors"
  FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_user_changed" AFTER UPDATE OF "user_id", "aal", "amr", "factor_id", "created_at" OR DELETE ON "auth"."sessions"
  FOR EACH ROW EXECUTE FUNCTION "auth"."notify_user_changed_by_user_id"();
