CREATE TABLE "ability" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"title" text NOT NULL,
	"img" text NOT NULL,
	"sketch" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ability_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"item_rid" text,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"category" text NOT NULL,
	"location" text NOT NULL,
	"img" text NOT NULL,
	"sketch" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"price_unit" text DEFAULT 'hour' NOT NULL,
	"min_minutes" integer DEFAULT 60 NOT NULL,
	"lead_hours" integer DEFAULT 24 NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "item" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"type_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"sketch" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"price_fen" integer NOT NULL,
	"unit" text NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"options" jsonb NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"quote_only" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "prefecture" (
	"id" serial PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"sketch" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_child" (
	"id" integer PRIMARY KEY NOT NULL,
	"type_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_type" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"discount_label" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "index_msg" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_item_rid_item_rid_fk" FOREIGN KEY ("item_rid") REFERENCES "public"."item"("rid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item" ADD CONSTRAINT "item_child_id_project_child_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."project_child"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prefecture" ADD CONSTRAINT "prefecture_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_child" ADD CONSTRAINT "project_child_type_id_project_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."project_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_type_child_idx" ON "item" USING btree ("type_id","child_id");--> statement-breakpoint
CREATE INDEX "item_search_idx" ON "item" USING gin (to_tsvector('simple', "name" || ' ' || "description"));