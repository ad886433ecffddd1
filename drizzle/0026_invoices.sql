CREATE TABLE "invoice_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"title" jsonb NOT NULL,
	"amount_fen" bigint NOT NULL,
	"source" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"materials" jsonb NOT NULL,
	"status" text NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"invoice_no" text,
	"file_rid" text,
	"reversal_no" text,
	"reviewer_id" integer,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_applications_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"order_id" integer,
	"prestore_id" integer,
	"amount_fen" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_titles_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
ALTER TABLE "invoice_applications" ADD CONSTRAINT "invoice_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_application_id_invoice_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."invoice_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_prestore_id_prestore_applications_id_fk" FOREIGN KEY ("prestore_id") REFERENCES "public"."prestore_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_apps_user_idx" ON "invoice_applications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoice_apps_status_idx" ON "invoice_applications" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_counters_type_year_idx" ON "invoice_counters" USING btree ("type","year");--> statement-breakpoint
CREATE INDEX "invoice_lines_app_idx" ON "invoice_lines" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_order_idx" ON "invoice_lines" USING btree ("order_id") WHERE "invoice_lines"."active" and "invoice_lines"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_prestore_idx" ON "invoice_lines" USING btree ("prestore_id") WHERE "invoice_lines"."active" and "invoice_lines"."prestore_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_titles_user_idx" ON "invoice_titles" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_one_default_idx" ON "invoice_titles" USING btree ("user_id") WHERE "invoice_titles"."is_default";