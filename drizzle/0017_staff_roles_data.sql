-- Decision 0023: the old generic `staff` role becomes 业务经理 (manager); the audit log, like the
-- money ledger, can only be appended to.
UPDATE "staff_members" SET "role" = 'manager' WHERE "role" = 'staff';
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION "money_append_only"();
