CREATE TYPE "public"."signature_field_kind" AS ENUM('signature', 'initials', 'date', 'name', 'text', 'checkbox');--> statement-breakpoint
CREATE TABLE "signature_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "signature_field_kind" NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"value" text
);
--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_submission_id_signature_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."signature_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_fields" ADD CONSTRAINT "signature_fields_signer_id_signature_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signature_fields_submission_idx" ON "signature_fields" USING btree ("submission_id","position");