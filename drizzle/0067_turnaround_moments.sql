CREATE TABLE "derived"."order_turnaround" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"data_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"due_date" date
);
--> statement-breakpoint
CREATE INDEX "order_turnaround_received_idx" ON "derived"."order_turnaround" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "order_events_action_at_idx" ON "order_events" USING btree ("action","at");