-- Decision 0077: a released report is a record kept six years, so the database itself keeps it.
-- 1. reports and report_versions cannot be deleted, nor truncated while they have rows.
-- 2. reports never change; a version changes only its status columns, and only once:
--    valid -> superseded (with the version that replaced it) or valid -> revoked (reason, who, when).
-- 3. report_lookups (every 报告真伪查询) is append-only.
CREATE FUNCTION "reports_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    IF EXISTS (SELECT 1 FROM "report_versions") OR EXISTS (SELECT 1 FROM "reports")
       OR EXISTS (SELECT 1 FROM "report_lookups") THEN
      RAISE EXCEPTION '% is kept: it cannot be truncated', TG_TABLE_NAME USING ERRCODE = 'P0001';
    END IF;
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '% is kept: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER "reports_no_change" BEFORE UPDATE OR DELETE ON "reports"
FOR EACH ROW EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE TRIGGER "reports_no_truncate" BEFORE TRUNCATE ON "reports"
FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE TRIGGER "report_versions_no_delete" BEFORE DELETE ON "report_versions"
FOR EACH ROW EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE TRIGGER "report_versions_no_truncate" BEFORE TRUNCATE ON "report_versions"
FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE TRIGGER "report_lookups_no_change" BEFORE UPDATE OR DELETE ON "report_lookups"
FOR EACH ROW EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE TRIGGER "report_lookups_no_truncate" BEFORE TRUNCATE ON "report_lookups"
FOR EACH STATEMENT EXECUTE FUNCTION "reports_keep"();
--> statement-breakpoint
CREATE FUNCTION "report_versions_status_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status_columns text[] := ARRAY['status', 'replaced_by_version', 'revoke_reason', 'revoked_by', 'revoked_at'];
BEGIN
  IF to_jsonb(NEW) - status_columns IS DISTINCT FROM to_jsonb(OLD) - status_columns THEN
    RAISE EXCEPTION 'report version % is issued: only its status may change', OLD."report_no"
      USING ERRCODE = 'P0001';
  END IF;
  IF to_jsonb(NEW) = to_jsonb(OLD) THEN
    RETURN NEW;
  END IF;
  IF OLD."status" <> 'valid' THEN
    RAISE EXCEPTION 'report version % is % already', OLD."report_no", OLD."status" USING ERRCODE = 'P0001';
  END IF;
  IF NEW."status" = 'superseded' THEN
    IF NEW."replaced_by_version" IS NULL OR NEW."replaced_by_version" <= OLD."version"
       OR NEW."revoke_reason" IS NOT NULL OR NEW."revoked_by" IS NOT NULL OR NEW."revoked_at" IS NOT NULL THEN
      RAISE EXCEPTION 'report version % superseded without a later version', OLD."report_no"
        USING ERRCODE = 'P0001';
    END IF;
  ELSIF NEW."status" = 'revoked' THEN
    IF coalesce(btrim(NEW."revoke_reason"), '') = '' OR NEW."revoked_by" IS NULL OR NEW."revoked_at" IS NULL
       OR NEW."replaced_by_version" IS NOT NULL THEN
      RAISE EXCEPTION 'report version % revoked without reason, person and time', OLD."report_no"
        USING ERRCODE = 'P0001';
    END IF;
  ELSE
    RAISE EXCEPTION 'report version % cannot become %', OLD."report_no", NEW."status" USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "report_versions_status_only" BEFORE UPDATE ON "report_versions"
FOR EACH ROW EXECUTE FUNCTION "report_versions_status_only"();
