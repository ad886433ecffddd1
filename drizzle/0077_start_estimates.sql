ALTER TABLE "device" ADD COLUMN "weekly_capacity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "start_estimate_days" integer;