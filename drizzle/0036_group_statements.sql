ALTER TABLE "statements" DROP CONSTRAINT "statements_user_month_version";--> statement-breakpoint
DROP INDEX "statements_one_current_idx";--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_group_id_research_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."research_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_user_month_version" ON "statements" USING btree ("user_id","month","version") WHERE "statements"."group_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_group_month_version" ON "statements" USING btree ("group_id","month","version") WHERE "statements"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_group_current_idx" ON "statements" USING btree ("group_id","month") WHERE "statements"."status" <> 'superseded' and "statements"."group_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_one_current_idx" ON "statements" USING btree ("user_id","month") WHERE "statements"."status" <> 'superseded' and "statements"."group_id" is null;