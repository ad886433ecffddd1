CREATE TABLE "coupon_issue_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"template_id" integer NOT NULL,
	"phones" jsonb NOT NULL,
	"face_fen" integer,
	"total_fen" bigint,
	"requested_by" integer NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"given" integer,
	"refused" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coupon_issue_requests_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "points_adjust_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer NOT NULL,
	"value_fen" bigint NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_adjust_requests_rid_unique" UNIQUE("rid"),
	CONSTRAINT "points_adjust_requests_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "coupon_issue_requests" ADD CONSTRAINT "coupon_issue_requests_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_issue_requests" ADD CONSTRAINT "coupon_issue_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_issue_requests" ADD CONSTRAINT "coupon_issue_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjust_requests" ADD CONSTRAINT "points_adjust_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjust_requests" ADD CONSTRAINT "points_adjust_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_adjust_requests" ADD CONSTRAINT "points_adjust_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_issue_requests_status_idx" ON "coupon_issue_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "points_adjust_requests_status_idx" ON "points_adjust_requests" USING btree ("status","id");