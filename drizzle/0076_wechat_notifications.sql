CREATE TABLE "notify_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"template" text NOT NULL,
	"title" text NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"msg_id" text,
	"result" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notify_deliveries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "notify_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"wechat" boolean NOT NULL,
	"sms" boolean NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notify_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "wechat_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wechat_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"msg_id" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wx_login_tickets" ADD COLUMN "bind_user_id" integer;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_deliveries" ADD CONSTRAINT "notify_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_preferences" ADD CONSTRAINT "notify_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_subscriptions" ADD CONSTRAINT "wechat_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wechat_subscriptions" ADD CONSTRAINT "wechat_subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_deliveries_order_idx" ON "notify_deliveries" USING btree ("order_id","template","channel","created_at");--> statement-breakpoint
CREATE INDEX "notify_deliveries_msg_idx" ON "notify_deliveries" USING btree ("msg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wechat_subscriptions_order_kind_idx" ON "wechat_subscriptions" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "wechat_outbox_openid_idx" ON "wechat_outbox" USING btree ("openid","id");--> statement-breakpoint
ALTER TABLE "wx_login_tickets" ADD CONSTRAINT "wx_login_tickets_bind_user_id_users_id_fk" FOREIGN KEY ("bind_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;