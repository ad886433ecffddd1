-- Decision 0022: the lab's own accounts, today's balances and ledger rows moved into accounts,
-- movements and postings (no amount lost: every account's postings sum to its balance), the
-- first top-up rule, and the database's own guard that postings balance and are never changed.
INSERT INTO "money_accounts" ("rid", "owner_kind", "system_code", "updated_at")
SELECT 'w' || substr(md5(random()::text || clock_timestamp()::text || code), 1, 12), 'system', code, now()
FROM (VALUES ('bank'), ('bonus_expense'), ('revenue'), ('receivable'), ('clearing')) AS s(code);
--> statement-breakpoint
INSERT INTO "money_accounts" ("rid", "owner_kind", "owner_id", "cash_fen", "updated_at")
SELECT 'w' || substr(md5(random()::text || clock_timestamp()::text || b."user_id"::text), 1, 12), 'user', b."user_id", b."balance_fen", b."updated_at"
FROM "accounts_balance" b;
--> statement-breakpoint
INSERT INTO "money_transfers" ("rid", "kind", "idempotency_key", "order_id", "actor_id", "note", "at")
SELECT 'e' || substr(md5(random()::text || clock_timestamp()::text || l."id"::text), 1, 12),
  CASE l."kind" WHEN 'credit' THEN 'adjust' ELSE l."kind" END,
  l."idempotency_key", l."order_id", l."actor_id", l."note", l."at"
FROM "ledger_entries" l ORDER BY l."id";
--> statement-breakpoint
INSERT INTO "money_postings" ("transfer_id", "account_id", "sub", "amount_fen", "balance_after_fen")
SELECT t."id", a."id", 'cash', l."delta_fen", l."balance_after_fen"
FROM "ledger_entries" l
JOIN "money_transfers" t ON t."idempotency_key" = l."idempotency_key"
JOIN "money_accounts" a ON a."owner_kind" = 'user' AND a."owner_id" = l."user_id"
ORDER BY l."id";
--> statement-breakpoint
INSERT INTO "money_postings" ("transfer_id", "account_id", "sub", "amount_fen")
SELECT t."id", s."id", 'cash', -l."delta_fen"
FROM "ledger_entries" l
JOIN "money_transfers" t ON t."idempotency_key" = l."idempotency_key"
JOIN "money_accounts" s ON s."system_code" = CASE l."kind" WHEN 'credit' THEN 'bank' ELSE 'revenue' END
ORDER BY l."id";
--> statement-breakpoint
INSERT INTO "prestore_rules" ("rid", "effective_from", "min_fen", "tiers", "created_at")
VALUES ('l' || substr(md5(random()::text || clock_timestamp()::text), 1, 12), '2020-01-01T00:00:00Z', 100000,
  '[{"from_fen":100000,"bonus_percent":3},{"from_fen":500000,"bonus_percent":5},{"from_fen":1000000,"bonus_percent":8},{"from_fen":3000000,"bonus_percent":10},{"from_fen":5000000,"bonus_percent":12},{"from_fen":10000000,"bonus_percent":14}]',
  now());
--> statement-breakpoint
CREATE FUNCTION "money_transfer_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum("amount_fen"), 0) FROM "money_postings" WHERE "transfer_id" = NEW."transfer_id") <> 0 THEN
    RAISE EXCEPTION 'money transfer % does not balance', NEW."transfer_id" USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "money_postings_balanced" AFTER INSERT ON "money_postings"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "money_transfer_balanced"();
--> statement-breakpoint
CREATE FUNCTION "money_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER "money_postings_append_only" BEFORE UPDATE OR DELETE ON "money_postings"
FOR EACH ROW EXECUTE FUNCTION "money_append_only"();
--> statement-breakpoint
CREATE TRIGGER "money_transfers_append_only" BEFORE UPDATE OR DELETE ON "money_transfers"
FOR EACH ROW EXECUTE FUNCTION "money_append_only"();
