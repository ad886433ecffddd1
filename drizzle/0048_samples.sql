CREATE TABLE "sample_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tx_id" bigint DEFAULT txid_current() NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"sample_no" text NOT NULL,
	"name" text NOT NULL,
	"item_rid" text NOT NULL,
	"item_name" text NOT NULL,
	"status" text NOT NULL,
	"location_id" integer,
	"location_label" text,
	"disposal" smallint NOT NULL,
	"retain_until" date,
	"label_prints" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "samples_rid_unique" UNIQUE("rid"),
	CONSTRAINT "samples_sample_no_unique" UNIQUE("sample_no")
);
--> statement-breakpoint
ALTER TABLE "sample_events" ADD CONSTRAINT "sample_events_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "samples" ADD CONSTRAINT "samples_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sample_events_sample_idx" ON "sample_events" USING btree ("sample_id","id");--> statement-breakpoint
CREATE INDEX "samples_order_idx" ON "samples" USING btree ("order_id","sample_no");--> statement-breakpoint
CREATE INDEX "samples_status_idx" ON "samples" USING btree ("status");