CREATE TABLE "reconciliation_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"run_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"trade_no" text NOT NULL,
	"refund_no" text,
	"bill_fen" integer,
	"our_fen" integer,
	"detail" text NOT NULL,
	"status" text NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reconciliation_exceptions_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"bill_date" text NOT NULL,
	"status" text NOT NULL,
	"bill_lines" integer DEFAULT 0 NOT NULL,
	"paid_fen" integer DEFAULT 0 NOT NULL,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reconciliation_exceptions" ADD CONSTRAINT "reconciliation_exceptions_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_exceptions_key_idx" ON "reconciliation_exceptions" USING btree ("run_id","key");--> statement-breakpoint
CREATE INDEX "reconciliation_exceptions_open_idx" ON "reconciliation_exceptions" USING btree ("run_id") WHERE "reconciliation_exceptions"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_day_idx" ON "reconciliation_runs" USING btree ("provider","bill_date");