CREATE TABLE "due_breaches" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"delay_minutes" integer,
	CONSTRAINT "due_breaches_order_due_key" UNIQUE("order_id","due_date")
);
--> statement-breakpoint
CREATE TABLE "work_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"action" text NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"from_id" integer,
	"from_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_holds" (
	"result_id" integer PRIMARY KEY NOT NULL,
	"holder_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "daily_capacity" integer;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "device_rid" text;--> statement-breakpoint
ALTER TABLE "due_breaches" ADD CONSTRAINT "due_breaches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_events" ADD CONSTRAINT "work_events_from_id_users_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_holds" ADD CONSTRAINT "work_holds_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_holds" ADD CONSTRAINT "work_holds_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "due_breaches_open_idx" ON "due_breaches" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "work_events_result_idx" ON "work_events" USING btree ("result_id","id");--> statement-breakpoint
CREATE INDEX "work_holds_holder_idx" ON "work_holds" USING btree ("holder_id");