-- Decision 0031: the rebate history is append-only (a mistake is mended by a reversing entry), like
-- the money ledger, with the same refusing function.
CREATE TRIGGER "promoter_rebate_entries_append_only" BEFORE UPDATE OR DELETE ON "promoter_rebate_entries"
FOR EACH ROW EXECUTE FUNCTION "money_append_only"();
