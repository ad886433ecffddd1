ALTER TABLE "derived"."order_turnaround" ADD COLUMN "item_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "derived"."order_turnaround" ADD COLUMN "item_labels" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "derived"."order_turnaround" ADD COLUMN "instrument_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "derived"."order_turnaround" ADD COLUMN "instrument_labels" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "derived"."order_turnaround" ADD COLUMN "technician_keys" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "derived"."order_turnaround" ADD COLUMN "technician_labels" text[] DEFAULT '{}' NOT NULL;