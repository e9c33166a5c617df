CREATE TABLE "insurance_reminders" (
	"request_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_reminders_request_id_stage_pk" PRIMARY KEY("request_id","stage")
);
--> statement-breakpoint
ALTER TABLE "insurance_reminders" ADD CONSTRAINT "insurance_reminders_request_id_insurance_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."insurance_requests"("id") ON DELETE cascade ON UPDATE no action;