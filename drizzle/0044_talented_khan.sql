ALTER TABLE "users" ADD COLUMN "agreement_version" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "agreed_at" timestamp with time zone;