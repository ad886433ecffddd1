CREATE TABLE "calendar_days" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_days_kind" CHECK ("calendar_days"."kind" in ('closed', 'open'))
);
--> statement-breakpoint
CREATE TABLE "calendar_official_days" (
	"date" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_official_days_kind" CHECK ("calendar_official_days"."kind" in ('holiday', 'workday'))
);
--> statement-breakpoint
CREATE TABLE "calendar_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"cutoff_minute" integer NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "turnaround_days" integer;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "expedite_days" integer;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "expedite_fee_fen" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "turnaround_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_days" smallint;--> statement-breakpoint
ALTER TABLE "calendar_days" ADD CONSTRAINT "calendar_days_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_official_days" ADD CONSTRAINT "calendar_official_days_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_settings" ADD CONSTRAINT "calendar_settings_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_due_idx" ON "orders" USING btree ("due_date","id");