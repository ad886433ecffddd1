CREATE TABLE "report_signing_key" (
	"slot" text PRIMARY KEY NOT NULL,
	"p12" text NOT NULL,
	"password" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
