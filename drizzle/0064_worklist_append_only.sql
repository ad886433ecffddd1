-- Decision 0082: who took, handed over and started a piece of work, and the due dates that passed
-- undelivered, are evidence. work_events is append-only (no UPDATE, DELETE, or TRUNCATE while it has
-- rows). A breach is never deleted, and only its delivery time and delay may be filled, once.
CREATE FUNCTION "work_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM "work_events") THEN
      RAISE EXCEPTION 'work_events is append-only: it cannot be truncated' USING ERRCODE = 'P0001';
    END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'work_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "work_events_no_change" BEFORE UPDATE OR DELETE ON "work_events"
FOR EACH ROW EXECUTE FUNCTION "work_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "work_events_no_truncate" BEFORE TRUNCATE ON "work_events"
FOR EACH STATEMENT EXECUTE FUNCTION "work_events_append_only"();
--> statement-breakpoint
CREATE FUNCTION "due_breaches_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."delivered_at" IS NULL
     AND NEW."delivered_at" IS NOT NULL AND NEW."delay_minutes" IS NOT NULL
     AND (NEW."id", NEW."order_id", NEW."due_date", NEW."deadline", NEW."detected_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."order_id", OLD."due_date", OLD."deadline", OLD."detected_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'due_breaches are records: % refused (only the delivery may be filled, once)', TG_OP
    USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "due_breaches_no_change" BEFORE UPDATE OR DELETE ON "due_breaches"
FOR EACH ROW EXECUTE FUNCTION "due_breaches_record"();
