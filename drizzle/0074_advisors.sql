CREATE TABLE "advisor_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"advisor_id" integer,
	"previous_id" integer,
	"how" text NOT NULL,
	"by_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "advisor_rotation" (
	"id" smallint PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_advisor_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_advisors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"user_rid" text NOT NULL,
	"advisor_id" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_advisors_user_rid_unique" UNIQUE("user_rid")
);
--> statement-breakpoint
ALTER TABLE "advisor_assignments" ADD CONSTRAINT "advisor_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_assignments" ADD CONSTRAINT "advisor_assignments_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_assignments" ADD CONSTRAINT "advisor_assignments_previous_id_users_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_assignments" ADD CONSTRAINT "advisor_assignments_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_rotation" ADD CONSTRAINT "advisor_rotation_last_advisor_id_users_id_fk" FOREIGN KEY ("last_advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_advisors" ADD CONSTRAINT "customer_advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_advisors" ADD CONSTRAINT "customer_advisors_user_rid_users_rid_fk" FOREIGN KEY ("user_rid") REFERENCES "public"."users"("rid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_advisors" ADD CONSTRAINT "customer_advisors_advisor_id_users_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_assignments_user_idx" ON "advisor_assignments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "customer_advisors_advisor_idx" ON "customer_advisors" USING btree ("advisor_id","user_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");