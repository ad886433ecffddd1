CREATE TABLE "points_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_accounts_not_negative" CHECK ("points_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"idempotency_key" text,
	"order_id" integer,
	"ref_rid" text,
	"counterpart_id" integer,
	"actor_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_entries_rid_unique" UNIQUE("rid"),
	CONSTRAINT "points_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "points_entries_not_zero" CHECK ("points_entries"."points" <> 0 and "points_entries"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"count" smallint NOT NULL,
	"points" integer NOT NULL,
	"value_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_note" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"decider_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_exchanges_rid_unique" UNIQUE("rid"),
	CONSTRAINT "points_exchanges_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "points_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"value_fen" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_items_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"points" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_lots_remaining" CHECK ("points_lots"."remaining" >= 0 and "points_lots"."remaining" <= "points_lots"."points")
);
--> statement-breakpoint
CREATE TABLE "points_spends" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_accounts" ADD CONSTRAINT "points_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_counterpart_id_users_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_exchanges" ADD CONSTRAINT "points_exchanges_item_id_points_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."points_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_entry_id_points_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."points_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_spends" ADD CONSTRAINT "points_spends_entry_id_points_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."points_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_spends" ADD CONSTRAINT "points_spends_lot_id_points_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."points_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_entries_user_kind_idx" ON "points_entries" USING btree ("user_id","kind","at");--> statement-breakpoint
CREATE INDEX "points_entries_order_idx" ON "points_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "points_exchanges_user_idx" ON "points_exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "points_exchanges_status_idx" ON "points_exchanges" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "points_lots_open_idx" ON "points_lots" USING btree ("user_id","expires_at") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_lots_due_idx" ON "points_lots" USING btree ("expires_at") WHERE "points_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "points_spends_entry_idx" ON "points_spends" USING btree ("entry_id");