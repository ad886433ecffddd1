CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"unique_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_unique_key_idx" ON "jobs" USING btree ("unique_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
-- The notification outbox becomes notify jobs (history included); 0008 drops the old table.
INSERT INTO "jobs" ("kind", "payload", "unique_key", "status", "run_at", "attempts", "last_error", "done_at", "created_at")
SELECT
  'notify',
  jsonb_build_object(
    'channel', "channel", 'userId', "user_id", 'orderId', "order_id", 'eventId', "event_id",
    'template', "template", 'vars', "payload"
  ),
  'notify:' || coalesce("order_id"::text, '-') || ':' || "event_id" || ':' || "channel",
  CASE "status" WHEN 'sent' THEN 'done' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
  "next_attempt_at",
  "attempts",
  "last_error",
  "sent_at",
  "created_at"
FROM "notification_outbox";
