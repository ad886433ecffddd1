ALTER TABLE "statement_lines" ADD COLUMN "coupon_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD COLUMN "bonus_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "coupon_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "bonus_fen" bigint DEFAULT 0 NOT NULL;