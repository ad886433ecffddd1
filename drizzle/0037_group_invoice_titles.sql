ALTER TABLE "invoice_titles" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_titles" ADD CONSTRAINT "invoice_titles_group_id_research_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."research_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_titles_group_idx" ON "invoice_titles" USING btree ("group_id");