-- Decision 0067: user/info's answers are cached in the one process that opens an embedded
-- database, and the database itself says whose answer changed: every table user/info reads
-- notifies `user_change` with the user's id of each row written (OLD and NEW). A NOTIFY goes out
-- at COMMIT, never for a rolled-back write. Only a session that set app.user_cache = 'on' (the
-- PGlite process) notifies; on PostgreSQL nobody sets it and a write pays only the trigger call.
-- The trigger's argument names the column holding the user's id.
CREATE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.user_cache', true) = 'on' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('user_change', to_jsonb(OLD) ->> TG_ARGV[0]);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('user_change', to_jsonb(NEW) ->> TG_ARGV[0]);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_user_change" AFTER INSERT OR UPDATE OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_user_change" AFTER INSERT OR UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "staff_members_user_change" AFTER INSERT OR UPDATE OR DELETE ON "staff_members"
FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "addresses_user_change" AFTER INSERT OR UPDATE OR DELETE ON "addresses"
FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "plan_items_user_change" AFTER INSERT OR UPDATE OR DELETE ON "plan_items"
FOR EACH ROW EXECUTE FUNCTION "notify_user_change"('user_id');
