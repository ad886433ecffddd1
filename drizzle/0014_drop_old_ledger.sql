DROP TABLE "accounts_balance" CASCADE;--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;