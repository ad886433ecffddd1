CREATE TABLE "statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"no" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"order_rid" text,
	"order_no" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"owed_fen" bigint DEFAULT 0 NOT NULL,
	"credit_fen" bigint DEFAULT 0 NOT NULL,
	"status_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "statement_lines_no" UNIQUE("statement_id","no")
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"rid" text NOT NULL,
	"user_id" integer NOT NULL,
	"month" text NOT NULL,
	"version" smallint NOT NULL,
	"status" text NOT NULL,
	"opening_balance_fen" bigint NOT NULL,
	"closing_balance_fen" bigint NOT NULL,
	"in_fen" bigint NOT NULL,
	"out_fen" bigint NOT NULL,
	"opening_credit_fen" bigint NOT NULL,
	"closing_credit_fen" bigint NOT NULL,
	"opening_unsettled_fen" bigint NOT NULL,
	"closing_unsettled_fen" bigint NOT NULL,
	"billed_fen" bigint NOT NULL,
	"paid_fen" bigint NOT NULL,
	"refunded_fen" bigint NOT NULL,
	"issued_by" integer,
	"issue_note" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"confirm_due_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"dispute_reason" text DEFAULT '' NOT NULL,
	"dispute_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disputed_at" timestamp with time zone,
	"reply" text DEFAULT '' NOT NULL,
	"replied_by" integer,
	"replied_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "statements_rid_unique" UNIQUE("rid"),
	CONSTRAINT "statements_user_month_version" UNIQUE("user_id","month","version")
);
--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."statements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statements_one_current_idx" ON "statements" USING btree ("user_id","month") WHERE "statements"."status" <> 'superseded';--> statement-breakpoint
CREATE INDEX "statements_due_idx" ON "statements" USING btree ("status","confirm_due_at");--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month","id");