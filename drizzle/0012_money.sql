CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"requested_fen" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"limit_fen" bigint,
	"due_days" smallint,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "money_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer,
	"system_code" text,
	"cash_fen" bigint DEFAULT 0 NOT NULL,
	"bonus_fen" bigint DEFAULT 0 NOT NULL,
	"credit_limit_fen" bigint DEFAULT 0 NOT NULL,
	"credit_used_fen" bigint DEFAULT 0 NOT NULL,
	"credit_due_days" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_accounts_rid_unique" UNIQUE("rid"),
	CONSTRAINT "money_accounts_system_code_unique" UNIQUE("system_code"),
	CONSTRAINT "money_accounts_not_negative" CHECK ("money_accounts"."owner_kind" = 'system' or ("money_accounts"."cash_fen" >= 0 and "money_accounts"."bonus_fen" >= 0 and "money_accounts"."credit_used_fen" >= 0 and "money_accounts"."credit_used_fen" <= "money_accounts"."credit_limit_fen"))
);
--> statement-breakpoint
CREATE TABLE "money_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"sub" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint
);
--> statement-breakpoint
CREATE TABLE "money_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" integer,
	"ref_rid" text,
	"actor_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_transfers_rid_unique" UNIQUE("rid"),
	CONSTRAINT "money_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "prestore_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"bonus_fen" bigint NOT NULL,
	"bonus_percent" smallint NOT NULL,
	"bonus_kind" smallint NOT NULL,
	"rule_id" integer NOT NULL,
	"invoice_type" smallint DEFAULT 0 NOT NULL,
	"invoice_title" text DEFAULT '' NOT NULL,
	"payer" text NOT NULL,
	"status" text NOT NULL,
	"voucher" jsonb,
	"reject_reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"reviewed_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refund_fen" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prestore_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "prestore_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"min_fen" bigint NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "prestore_rules_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "transfer_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reviewer_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_account_id_money_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_postings" ADD CONSTRAINT "money_postings_transfer_id_money_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."money_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_postings" ADD CONSTRAINT "money_postings_account_id_money_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_account_id_money_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestore_applications" ADD CONSTRAINT "prestore_applications_rule_id_prestore_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."prestore_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_from_account_id_money_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_applications" ADD CONSTRAINT "transfer_applications_to_account_id_money_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."money_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_apply_user_idx" ON "credit_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_apply_one_open_idx" ON "credit_applications" USING btree ("account_id") WHERE "credit_applications"."status" = 'reviewing';--> statement-breakpoint
CREATE UNIQUE INDEX "money_accounts_owner_idx" ON "money_accounts" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "money_postings_account_idx" ON "money_postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "money_postings_transfer_idx" ON "money_postings" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "money_transfers_order_idx" ON "money_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "money_one_payment_per_order_idx" ON "money_transfers" USING btree ("order_id") WHERE "money_transfers"."kind" = 'payment';--> statement-breakpoint
CREATE UNIQUE INDEX "money_one_refund_per_order_idx" ON "money_transfers" USING btree ("order_id") WHERE "money_transfers"."kind" = 'refund';--> statement-breakpoint
CREATE INDEX "prestore_user_idx" ON "prestore_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "prestore_status_idx" ON "prestore_applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "transfer_apply_from_idx" ON "transfer_applications" USING btree ("from_account_id","id");--> statement-breakpoint
CREATE INDEX "transfer_apply_to_idx" ON "transfer_applications" USING btree ("to_account_id","id");