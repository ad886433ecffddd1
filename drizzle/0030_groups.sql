CREATE TABLE "group_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"per_order_limit_fen" bigint,
	"monthly_limit_fen" bigint,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"joined_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decider_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_payments_rid_unique" UNIQUE("rid")
);
--> statement-breakpoint
CREATE TABLE "research_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"name" text NOT NULL,
	"institution" text NOT NULL,
	"pi_name" text NOT NULL,
	"leader_id" integer NOT NULL,
	"pending_leader_id" integer,
	"join_code" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "research_groups_rid_unique" UNIQUE("rid"),
	CONSTRAINT "research_groups_join_code_unique" UNIQUE("join_code")
);
--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_research_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."research_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_group_id_research_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."research_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_payments" ADD CONSTRAINT "group_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_groups" ADD CONSTRAINT "research_groups_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "research_groups" ADD CONSTRAINT "research_groups_pending_leader_id_users_id_fk" FOREIGN KEY ("pending_leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_live_idx" ON "group_members" USING btree ("group_id","user_id") WHERE "group_members"."status" in ('pending', 'active');--> statement-breakpoint
CREATE INDEX "group_payments_group_idx" ON "group_payments" USING btree ("group_id","id");--> statement-breakpoint
CREATE INDEX "group_payments_user_idx" ON "group_payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_payments_one_open_idx" ON "group_payments" USING btree ("order_id") WHERE "group_payments"."status" in ('pending', 'paid');--> statement-breakpoint
CREATE INDEX "research_groups_leader_idx" ON "research_groups" USING btree ("leader_id");