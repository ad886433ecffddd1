-- Decision 0075: what was entered and how it was reviewed is evidence, so the database keeps it.
-- result_entries and result_reviews are append-only: no UPDATE, no DELETE, no TRUNCATE while they
-- have rows. A corrected value is a new entry that supersedes the old; a new decision a new review.
CREATE FUNCTION "result_records_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF TG_TABLE_NAME = 'result_entries' AND EXISTS (SELECT 1 FROM "result_entries")
       OR TG_TABLE_NAME = 'result_reviews' AND EXISTS (SELECT 1 FROM "result_reviews") THEN
      RAISE EXCEPTION '% is append-only: it cannot be truncated', TG_TABLE_NAME USING ERRCODE = 'P0001';
    END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "result_entries_no_change" BEFORE UPDATE OR DELETE ON "result_entries"
FOR EACH ROW EXECUTE FUNCTION "result_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "result_entries_no_truncate" BEFORE TRUNCATE ON "result_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "result_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "result_reviews_no_change" BEFORE UPDATE OR DELETE ON "result_reviews"
FOR EACH ROW EXECUTE FUNCTION "result_records_append_only"();
--> statement-breakpoint
CREATE TRIGGER "result_reviews_no_truncate" BEFORE TRUNCATE ON "result_reviews"
FOR EACH STATEMENT EXECUTE FUNCTION "result_records_append_only"();
--> statement-breakpoint
CREATE FUNCTION "results_no_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'results are records: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "results_no_delete" BEFORE DELETE ON "results"
FOR EACH ROW EXECUTE FUNCTION "results_no_delete"();
