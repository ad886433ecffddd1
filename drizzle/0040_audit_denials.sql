CREATE TABLE "audit_denials" (
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "audit_denials_actor_id_action_minute_pk" PRIMARY KEY("actor_id","action","minute")
);
--> statement-breakpoint
ALTER TABLE "audit_denials" ADD CONSTRAINT "audit_denials_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;