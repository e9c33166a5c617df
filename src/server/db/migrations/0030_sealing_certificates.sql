CREATE TABLE "sealing_certificates" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"p12_encrypted" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"subject" text NOT NULL,
	"fingerprint" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
