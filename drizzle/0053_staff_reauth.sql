CREATE TABLE "staff_reauth" (
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_reauth_user_id_purpose_pk" PRIMARY KEY("user_id","purpose")
);
--> statement-breakpoint
ALTER TABLE "staff_reauth" ADD CONSTRAINT "staff_reauth_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;