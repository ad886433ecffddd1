CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"scope_ref" text DEFAULT '' NOT NULL,
	"scope_name" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value_fen" integer NOT NULL,
	"percent_off" smallint DEFAULT 0 NOT NULL,
	"threshold_fen" integer DEFAULT 0 NOT NULL,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"validity" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"valid_days" smallint,
	"per_user_limit" smallint DEFAULT 1 NOT NULL,
	"budget_count" integer,
	"budget_fen" bigint,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"issued_fen" bigint DEFAULT 0 NOT NULL,
	"claimable" boolean DEFAULT false NOT NULL,
	"code" text,
	"welcome" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_templates_rid_unique" UNIQUE("rid"),
	CONSTRAINT "coupon_templates_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"template_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"order_id" integer,
	"discount_fen" integer,
	"allocation" jsonb,
	"used_at" timestamp with time zone,
	"reserved_trade_no" text,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupons_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_templates_status_idx" ON "coupon_templates" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" USING btree ("user_id","state","valid_to");--> statement-breakpoint
CREATE INDEX "coupons_template_idx" ON "coupons" USING btree ("template_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_one_per_order_idx" ON "coupons" USING btree ("order_id") WHERE "coupons"."state" = 'used';