CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."order_tallies" (
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"owed_fen" bigint NOT NULL,
	CONSTRAINT "order_tallies_user_id_status_pk" PRIMARY KEY("user_id","status")
);
--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "order_tallies_status_idx" ON "derived"."order_tallies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at","id");