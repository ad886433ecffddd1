ALTER TABLE "index_msg" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "index_msg" ADD COLUMN "handled_by" integer;--> statement-breakpoint
ALTER TABLE "index_msg" ADD COLUMN "handled_note" text DEFAULT '' NOT NULL;