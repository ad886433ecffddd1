CREATE TABLE "report_template" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"lab_name" text NOT NULL,
	"address" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"accreditation" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"logo_rid" text,
	"seal_rid" text,
	"statements" jsonb NOT NULL,
	"signatories" jsonb NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_template_one_row" CHECK ("report_template"."id" = 'default')
);
