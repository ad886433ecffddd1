CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"trade_no" text,
	"outcome" text NOT NULL,
	"payload" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"ref_rid" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"code_url" text NOT NULL,
	"provider_trade_no" text,
	"outcome" text,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_intents_trade_no_unique" UNIQUE("trade_no")
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD CONSTRAINT "payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_key_idx" ON "payment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "payment_intents_ref_idx" ON "payment_intents" USING btree ("purpose","ref_rid");--> statement-breakpoint
CREATE INDEX "payment_intents_pending_idx" ON "payment_intents" USING btree ("expires_at") WHERE "payment_intents"."status" = 'pending';