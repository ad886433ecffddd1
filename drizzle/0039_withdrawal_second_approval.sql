ALTER TABLE "promoter_withdrawals" ADD COLUMN "first_approver_id" integer;--> statement-breakpoint
ALTER TABLE "promoter_withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;