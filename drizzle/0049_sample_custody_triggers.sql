-- Decision 0069: the custody trail is evidence, so the database itself keeps it.
-- 1. sample_events is append-only: no UPDATE, no DELETE, no TRUNCATE of a trail that has rows.
-- 2. tx_id is always the writing transaction (whatever the writer sends).
-- 3. samples.status changes only when this transaction inserted an event for that sample leading
--    to the new status; a new sample must have its 'created' event by the end of its transaction.
CREATE FUNCTION "sample_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM "sample_events") THEN
      RAISE EXCEPTION 'sample_events is append-only: it cannot be truncated' USING ERRCODE = 'P0001';
    END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'sample_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "sample_events_no_change" BEFORE UPDATE OR DELETE ON "sample_events"
FOR EACH ROW EXECUTE FUNCTION "sample_events_append_only"();
--> statement-breakpoint
CREATE TRIGGER "sample_events_no_truncate" BEFORE TRUNCATE ON "sample_events"
FOR EACH STATEMENT EXECUTE FUNCTION "sample_events_append_only"();
--> statement-breakpoint
CREATE FUNCTION "sample_events_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."tx_id" := txid_current();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sample_events_stamp" BEFORE INSERT ON "sample_events"
FOR EACH ROW EXECUTE FUNCTION "sample_events_stamp"();
--> statement-breakpoint
CREATE FUNCTION "samples_status_needs_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IS DISTINCT FROM OLD."status" AND NOT EXISTS (
    SELECT 1 FROM "sample_events" e
    WHERE e."sample_id" = NEW."id" AND e."to_status" = NEW."status"
      AND e."from_status" IS NOT DISTINCT FROM OLD."status" AND e."tx_id" = txid_current()
  ) THEN
    RAISE EXCEPTION 'sample % status % -> % has no custody event in this transaction',
      NEW."sample_no", OLD."status", NEW."status" USING ERRCODE = 'P0001';
  END IF;
  IF NEW."id" IS DISTINCT FROM OLD."id" THEN
    RAISE EXCEPTION 'a sample keeps its id' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "samples_status_guard" BEFORE UPDATE ON "samples"
FOR EACH ROW EXECUTE FUNCTION "samples_status_needs_event"();
--> statement-breakpoint
CREATE FUNCTION "samples_no_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'samples are records: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "samples_no_delete" BEFORE DELETE ON "samples"
FOR EACH ROW EXECUTE FUNCTION "samples_no_delete"();
--> statement-breakpoint
CREATE FUNCTION "samples_born_with_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "sample_events" e WHERE e."sample_id" = NEW."id" AND e."kind" = 'created'
  ) THEN
    RAISE EXCEPTION 'sample % was created without its created event', NEW."sample_no" USING ERRCODE = 'P0001';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "samples_born_with_event" AFTER INSERT ON "samples"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "samples_born_with_event"();
