CREATE TABLE "report_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_by" integer NOT NULL,
	"file_key" text,
	"rows" integer,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_exports_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE INDEX "report_exports_requester_idx" ON "report_exports" USING btree ("requested_by","id");