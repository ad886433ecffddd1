-- Decision 0085: /verify reads a small summary copied from each version's document at release.
-- Versions already issued get theirs from their frozen document; the status-only trigger is off
-- for that one statement (the copy says nothing the document does not).
ALTER TABLE "report_versions" ADD COLUMN "summary" jsonb;
--> statement-breakpoint
ALTER TABLE "report_versions" DISABLE TRIGGER "report_versions_status_only";
--> statement-breakpoint
UPDATE "report_versions" SET "summary" = jsonb_build_object(
  'lab', "document"->'lab'->>'name',
  'issued_on', "document"->>'issued_on',
  'items', coalesce(jsonb_path_query_array("document", '$.items[*].name'), '[]'::jsonb),
  'customer', coalesce(nullif("document"->'customer'->>'organisation', ''), "document"->'customer'->>'name')
);
--> statement-breakpoint
ALTER TABLE "report_versions" ENABLE TRIGGER "report_versions_status_only";
--> statement-breakpoint
ALTER TABLE "report_versions" ALTER COLUMN "summary" SET NOT NULL;
