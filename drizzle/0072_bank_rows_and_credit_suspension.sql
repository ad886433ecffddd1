CREATE TABLE "bank_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"row_count" integer NOT NULL,
	"new_count" integer NOT NULL,
	"imported_by" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_imports_rid_unique" UNIQUE("rid"),
	CONSTRAINT "bank_imports_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "bank_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"import_id" integer NOT NULL,
	"row_key" text NOT NULL,
	"line" integer NOT NULL,
	"booked_on" text NOT NULL,
	"booked_time" text DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"payer_name" text DEFAULT '' NOT NULL,
	"payer_account" text DEFAULT '' NOT NULL,
	"payer_bank" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"serial" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"prestore_id" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "bank_rows_rid_unique" UNIQUE("rid"),
	CONSTRAINT "bank_rows_row_key_unique" UNIQUE("row_key")
);
--> statement-breakpoint
ALTER TABLE "money_accounts" ADD COLUMN "credit_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "money_accounts" ADD COLUMN "credit_suspend_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_prestore_id_prestore_applications_id_fk" FOREIGN KEY ("prestore_id") REFERENCES "public"."prestore_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_rows_status_idx" ON "bank_rows" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_rows_one_per_prestore_idx" ON "bank_rows" USING btree ("prestore_id") WHERE "bank_rows"."prestore_id" is not null;