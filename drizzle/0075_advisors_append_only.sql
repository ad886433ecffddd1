-- Decision 0090: every advisor assignment is kept as it was made (a change is a new row), with the
-- refusing function of the money ledger; the rotation's one row exists from the start, off.
CREATE TRIGGER "advisor_assignments_append_only" BEFORE UPDATE OR DELETE ON "advisor_assignments"
FOR EACH ROW EXECUTE FUNCTION "money_append_only"();--> statement-breakpoint
INSERT INTO "advisor_rotation" ("id", "enabled", "updated_at") VALUES (1, false, now()) ON CONFLICT DO NOTHING;
