CREATE TYPE "public"."document_category" AS ENUM('release_forms', 'contracts', 'insurance', 'permits', 'risk_assessment', 'call_sheets', 'delivery');--> statement-breakpoint
CREATE TYPE "public"."signer_role" AS ENUM('signer', 'approver', 'copy');--> statement-breakpoint
CREATE TYPE "public"."signer_status" AS ENUM('waiting', 'sent', 'opened', 'signed', 'declined', 'copy');--> statement-breakpoint
CREATE TYPE "public"."signing_order" AS ENUM('sequential', 'parallel');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'completed', 'declined', 'voided', 'expired');--> statement-breakpoint
CREATE TYPE "public"."document_version_origin" AS ENUM('upload', 'template', 'sealed');--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"origin" "document_version_origin" DEFAULT 'upload' NOT NULL,
	"uploaded_by" text,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"category" "document_category" NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_name" text
);
--> statement-breakpoint
CREATE TABLE "signature_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" "signer_role" NOT NULL,
	"status" "signer_status" NOT NULL,
	"sent_at" timestamp with time zone,
	"last_reminded_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"view_count" integer DEFAULT 0 NOT NULL,
	"signed_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"signature_kind" text,
	"signature_value" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "signature_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"status" "submission_status" DEFAULT 'pending' NOT NULL,
	"signing_order" "signing_order" NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"reminder_days" integer DEFAULT 3 NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"sealed_version_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text
);
--> statement-breakpoint
CREATE TABLE "signing_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"signer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_signers" ADD CONSTRAINT "signature_signers_submission_id_signature_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."signature_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_submissions" ADD CONSTRAINT "signature_submissions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_submissions" ADD CONSTRAINT "signature_submissions_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_submissions" ADD CONSTRAINT "signature_submissions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signature_submissions" ADD CONSTRAINT "signature_submissions_sealed_version_id_document_versions_id_fk" FOREIGN KEY ("sealed_version_id") REFERENCES "public"."document_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_tokens" ADD CONSTRAINT "signing_tokens_signer_id_signature_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."signature_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number_idx" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE INDEX "documents_project_idx" ON "documents" USING btree ("project_id","deleted_at","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_position_idx" ON "signature_signers" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "signature_submissions_document_idx" ON "signature_submissions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "signature_submissions_pending_idx" ON "signature_submissions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_tokens_hash_idx" ON "signing_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_tokens_signer_idx" ON "signing_tokens" USING btree ("signer_id");