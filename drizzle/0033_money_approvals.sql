CREATE TABLE "money_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_approvals_rid_unique" UNIQUE("rid"),
	CONSTRAINT "money_approvals_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_approvals" ADD CONSTRAINT "money_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_approvals_status_idx" ON "money_approvals" USING btree ("status","id");