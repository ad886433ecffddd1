CREATE TABLE "report_lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"report_no" text NOT NULL,
	"outcome" text NOT NULL,
	"version_id" integer
);
--> statement-breakpoint
CREATE TABLE "report_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"report_id" integer NOT NULL,
	"version" integer NOT NULL,
	"report_no" text NOT NULL,
	"code_hash" text NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"replaced_by_version" integer,
	"revoke_reason" text,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	"change_reason" text DEFAULT '' NOT NULL,
	"document" jsonb NOT NULL,
	"pdf_key" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_size" integer NOT NULL,
	"approver_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"retain_until" date NOT NULL,
	CONSTRAINT "report_versions_rid_unique" UNIQUE("rid"),
	CONSTRAINT "report_versions_report_no_unique" UNIQUE("report_no"),
	CONSTRAINT "report_versions_pdf_key_unique" UNIQUE("pdf_key")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"base_no" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reports_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reports_base_no_unique" UNIQUE("base_no")
);
--> statement-breakpoint
ALTER TABLE "report_lookups" ADD CONSTRAINT "report_lookups_version_id_report_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."report_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_versions" ADD CONSTRAINT "report_versions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_versions" ADD CONSTRAINT "report_versions_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_versions" ADD CONSTRAINT "report_versions_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_lookups_at_idx" ON "report_lookups" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_versions_report_version_idx" ON "report_versions" USING btree ("report_id","version");