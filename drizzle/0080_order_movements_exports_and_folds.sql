CREATE TABLE "report_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer NOT NULL,
	"file_key" text,
	"rows" integer,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_exports_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "money_order_movements" (
	"transfer_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cash_fen" bigint NOT NULL,
	"bonus_fen" bigint NOT NULL,
	"credit_fen" bigint NOT NULL,
	"coupon_fen" bigint NOT NULL,
	"revenue_fen" bigint NOT NULL,
	"payer_kind" text,
	"payer_id" integer
);
--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD COLUMN "folded_into" integer;--> statement-breakpoint
ALTER TABLE "money_order_movements" ADD CONSTRAINT "money_order_movements_transfer_id_money_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."money_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_order_movements" ADD CONSTRAINT "money_order_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_requester_idx" ON "report_exports" USING btree ("requested_by","id");--> statement-breakpoint
CREATE INDEX "money_order_movements_at_idx" ON "money_order_movements" USING btree ("at");--> statement-breakpoint
CREATE INDEX "money_order_movements_order_idx" ON "money_order_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "notify_deliveries_folded_idx" ON "notify_deliveries" USING btree ("folded_into");--> statement-breakpoint
CREATE INDEX "notify_deliveries_created_idx" ON "notify_deliveries" USING btree ("created_at");--> statement-breakpoint
-- The movements posted before this table: the same figures recordOrderMovement writes.
INSERT INTO "money_order_movements"
SELECT t.id, t.order_id, t.kind, t.at,
  -coalesce(sum(p.amount_fen) FILTER (WHERE a.owner_kind <> 'system' AND p.sub = 'cash'), 0),
  -coalesce(sum(p.amount_fen) FILTER (WHERE a.owner_kind <> 'system' AND p.sub = 'bonus'), 0),
  -coalesce(sum(p.amount_fen) FILTER (WHERE a.owner_kind <> 'system' AND p.sub = 'credit'), 0),
  -coalesce(sum(p.amount_fen) FILTER (WHERE a.system_code = 'coupon_expense'), 0),
  coalesce(sum(p.amount_fen) FILTER (WHERE a.system_code = 'revenue'), 0),
  max(a.owner_kind) FILTER (WHERE a.owner_kind <> 'system'),
  max(a.owner_id) FILTER (WHERE a.owner_kind <> 'system')
FROM "money_transfers" t
JOIN "money_postings" p ON p.transfer_id = t.id
JOIN "money_accounts" a ON a.id = p.account_id
WHERE t.kind IN ('payment', 'price_payment', 'price_refund', 'refund') AND t.order_id IS NOT NULL
GROUP BY t.id;
