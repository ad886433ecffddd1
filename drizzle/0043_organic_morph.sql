ALTER TABLE "payment_intents" ADD COLUMN "flow" text DEFAULT 'qr' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "pay_url" text;--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "jsapi" jsonb;