CREATE TABLE "result_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"field_key" text NOT NULL,
	"field_name" text NOT NULL,
	"value" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"method" text DEFAULT '' NOT NULL,
	"instrument_rid" text,
	"instrument" text DEFAULT '' NOT NULL,
	"technician_id" integer NOT NULL,
	"technician_name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"out_of_range" boolean DEFAULT false NOT NULL,
	"supersedes" integer,
	"entered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"file_rid" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"uploaded_by_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "result_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"round" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"reviewer_name" text NOT NULL,
	"verdict" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"required" smallint NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "results" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"sample_id" integer,
	"item_rid" text NOT NULL,
	"item_name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "results_rid_unique" UNIQUE("rid"),
	CONSTRAINT "results_line_sample_key" UNIQUE NULLS NOT DISTINCT("order_item_id","sample_id")
);
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "result_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "method" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "accredited" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "subcontracted_to" text;--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_entries" ADD CONSTRAINT "result_entries_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_files" ADD CONSTRAINT "result_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reviews" ADD CONSTRAINT "result_reviews_result_id_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "result_reviews" ADD CONSTRAINT "result_reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_sample_id_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "result_entries_result_idx" ON "result_entries" USING btree ("result_id","field_key","id");--> statement-breakpoint
CREATE INDEX "result_files_result_idx" ON "result_files" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "result_reviews_result_idx" ON "result_reviews" USING btree ("result_id","id");--> statement-breakpoint
CREATE INDEX "results_order_idx" ON "results" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "results_waiting_idx" ON "results" USING btree ("status","submitted_at");