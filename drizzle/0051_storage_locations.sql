CREATE TABLE "storage_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_locations_rid_unique" UNIQUE("rid"),
	CONSTRAINT "storage_locations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "storage_locations" ADD CONSTRAINT "storage_locations_parent_id_storage_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."storage_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_locations_parent_idx" ON "storage_locations" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "storage_locations_sibling_name_idx" ON "storage_locations" USING btree (coalesce("parent_id", 0),"name") WHERE "storage_locations"."archived_at" is null;