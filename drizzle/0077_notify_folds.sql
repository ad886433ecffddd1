ALTER TABLE "notify_deliveries" ADD COLUMN "folded_into" integer;--> statement-breakpoint
CREATE INDEX "notify_deliveries_folded_idx" ON "notify_deliveries" USING btree ("folded_into");--> statement-breakpoint
CREATE INDEX "notify_deliveries_created_idx" ON "notify_deliveries" USING btree ("created_at");