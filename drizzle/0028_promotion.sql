CREATE TABLE "promoter_rebate_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"promoter_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"balance_after_fen" bigint NOT NULL,
	"order_id" integer,
	"withdrawal_id" integer,
	"base_fen" bigint,
	"rate_bp" integer,
	"available_at" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "promoter_rebate_entries_rid_unique" UNIQUE("rid"),
	CONSTRAINT "promoter_rebate_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "promoter_rebate_entries_not_zero" CHECK ("promoter_rebate_entries"."amount_fen" <> 0)
);
--> statement-breakpoint
CREATE TABLE "promoter_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"promoter_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"fee_fen" bigint NOT NULL,
	"channel" text NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"payout_ref" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promoter_withdrawals_rid_unique" UNIQUE("rid"),
	CONSTRAINT "promoter_withdrawals_amounts" CHECK ("promoter_withdrawals"."amount_fen" > 0 and "promoter_withdrawals"."fee_fen" >= 0 and "promoter_withdrawals"."fee_fen" < "promoter_withdrawals"."amount_fen")
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"real_name" text NOT NULL,
	"channel" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"rate_bp" integer,
	"balance_fen" bigint DEFAULT 0 NOT NULL,
	"withdrawn_fen" bigint DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promoters_rid_unique" UNIQUE("rid"),
	CONSTRAINT "promoters_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "promotion_campaigns_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "promoter_rebate_entries" ADD CONSTRAINT "promoter_rebate_entries_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_rebate_entries" ADD CONSTRAINT "promoter_rebate_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoter_withdrawals" ADD CONSTRAINT "promoter_withdrawals_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promoters" ADD CONSTRAINT "promoters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promoter_rebate_entries_promoter_idx" ON "promoter_rebate_entries" USING btree ("promoter_id","id");--> statement-breakpoint
CREATE INDEX "promoter_rebate_entries_available_idx" ON "promoter_rebate_entries" USING btree ("promoter_id","available_at");--> statement-breakpoint
CREATE INDEX "promoter_rebate_entries_order_idx" ON "promoter_rebate_entries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promoter_withdrawals_key_idx" ON "promoter_withdrawals" USING btree ("promoter_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "promoter_withdrawals_promoter_idx" ON "promoter_withdrawals" USING btree ("promoter_id","created_at");--> statement-breakpoint
CREATE INDEX "promoter_withdrawals_status_idx" ON "promoter_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "promoters_status_idx" ON "promoters" USING btree ("status","applied_at");--> statement-breakpoint
CREATE INDEX "promotion_campaigns_window_idx" ON "promotion_campaigns" USING btree ("status","starts_at");