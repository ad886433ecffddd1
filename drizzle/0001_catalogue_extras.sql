ALTER TABLE "ability" ADD COLUMN "content" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "index_msg_ip_created_idx" ON "index_msg" USING btree ("ip","created_at");