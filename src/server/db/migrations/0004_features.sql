CREATE TYPE "public"."budget_category" AS ENUM('above', 'below');--> statement-breakpoint
CREATE TYPE "public"."budget_unit" AS ENUM('days', 'weeks', 'flat', 'each');--> statement-breakpoint
CREATE TYPE "public"."proposal_state" AS ENUM('pending', 'approved', 'changes_requested', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."document_category" AS ENUM('release_forms', 'contracts', 'insurance', 'permits', 'risk_assessment', 'call_sheets', 'delivery');--> statement-breakpoint
CREATE TYPE "public"."signer_role" AS ENUM('signer', 'approver', 'copy');--> statement-breakpoint
CREATE TYPE "public"."signer_status" AS ENUM('waiting', 'sent', 'opened', 'signed', 'declined', 'copy');--> statement-breakpoint
CREATE TYPE "public"."signing_order" AS ENUM('sequential', 'parallel');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('pending', 'completed', 'declined', 'voided', 'expired');--> statement-breakpoint
CREATE TYPE "public"."document_version_origin" AS ENUM('upload', 'template', 'sealed');--> statement-breakpoint
CREATE TYPE "public"."equipment_condition" AS ENUM('new', 'good', 'fair', 'worn', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."equipment_item_status" AS ENUM('available', 'checked_out', 'maintenance', 'retired');--> statement-breakpoint
CREATE TYPE "public"."maintenance_kind" AS ENUM('to_maintenance', 'back_in_service', 'retired', 'damage', 'repair', 'note');--> statement-breakpoint
CREATE TYPE "public"."reservation_state" AS ENUM('requested', 'approved', 'rejected', 'checked_out', 'returned', 'cancelled');--> statement-breakpoint
CREATE TABLE "screenplay_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"quote" text DEFAULT '' NOT NULL,
	"scene_number" text,
	"body" text NOT NULL,
	"author_id" text,
	"author_name" text NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screenplay_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"body" text NOT NULL,
	"locked_scenes" jsonb,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screenplay_revisions_number_uq" UNIQUE("screenplay_id","number")
);
--> statement-breakpoint
CREATE TABLE "screenplays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"project_id" uuid,
	"owner_id" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"locked_scenes" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" "budget_category" NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"budget_id" uuid NOT NULL,
	"line_id" uuid,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"spent_on" date NOT NULL,
	"created_by" text,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"budget_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"account_code" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"units" "budget_unit" NOT NULL,
	"rate" integer NOT NULL,
	"notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"budget_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"totals" jsonb NOT NULL,
	"total" integer NOT NULL,
	"content_hash" text NOT NULL,
	"state" "proposal_state" DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"submitted_by" text,
	"submitted_by_name" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approver_email" text,
	"approver_user_id" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decision_name" text,
	"decision_comment" text,
	"decision_ip" text,
	"decision_user_agent" text,
	"decided_by_user_id" text,
	"decision_via" text,
	"bypassed" boolean DEFAULT false NOT NULL,
	"bypass_reason" text
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"contingency_bps" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"bypass" boolean,
	"bypass_reason" text,
	"bypass_set_by" text,
	"bypass_set_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
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
CREATE TABLE "equipment_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_certifications_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"asset_tag" text NOT NULL,
	"value_minor" integer DEFAULT 0 NOT NULL,
	"condition" "equipment_condition" DEFAULT 'good' NOT NULL,
	"status" "equipment_item_status" DEFAULT 'available' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"certification_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_items_asset_tag_unique" UNIQUE("asset_tag"),
	CONSTRAINT "equipment_items_value_nonnegative" CHECK ("equipment_items"."value_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "equipment_kits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_kits_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment_kit_items" (
	"kit_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "equipment_kit_items_kit_id_item_id_pk" PRIMARY KEY("kit_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"kind" "maintenance_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cost_minor" integer,
	"by_id" text,
	"by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_reservation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"kit_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"checked_out_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"return_condition" "equipment_condition",
	"return_notes" text DEFAULT '' NOT NULL,
	"return_photo_url" text DEFAULT '' NOT NULL,
	"damaged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "equipment_reservation_items_range" CHECK ("equipment_reservation_items"."ends_at" > "equipment_reservation_items"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "equipment_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"requester_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" "reservation_state" DEFAULT 'requested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reject_reason" text,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"due_reminded_at" timestamp with time zone,
	"late_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_reservations_range" CHECK ("equipment_reservations"."ends_at" > "equipment_reservations"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "equipment_strikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reservation_id" uuid,
	"reason" text NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_certifications" (
	"user_id" text NOT NULL,
	"certification_id" uuid NOT NULL,
	"granted_by" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_certifications_user_id_certification_id_pk" PRIMARY KEY("user_id","certification_id")
);
--> statement-breakpoint
ALTER TABLE "screenplay_notes" ADD CONSTRAINT "screenplay_notes_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_notes" ADD CONSTRAINT "screenplay_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_revisions" ADD CONSTRAINT "screenplay_revisions_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_revisions" ADD CONSTRAINT "screenplay_revisions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD CONSTRAINT "budget_expenses_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD CONSTRAINT "budget_expenses_line_id_budget_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."budget_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD CONSTRAINT "budget_expenses_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_proposals" ADD CONSTRAINT "budget_proposals_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_proposals" ADD CONSTRAINT "budget_proposals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_proposals" ADD CONSTRAINT "budget_proposals_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_proposals" ADD CONSTRAINT "budget_proposals_approver_user_id_user_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_proposals" ADD CONSTRAINT "budget_proposals_decided_by_user_id_user_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_bypass_set_by_user_id_fk" FOREIGN KEY ("bypass_set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "equipment_items" ADD CONSTRAINT "equipment_items_category_id_equipment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."equipment_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_items" ADD CONSTRAINT "equipment_items_certification_id_equipment_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."equipment_certifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_items" ADD CONSTRAINT "equipment_kit_items_kit_id_equipment_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."equipment_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_items" ADD CONSTRAINT "equipment_kit_items_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_maintenance" ADD CONSTRAINT "equipment_maintenance_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_maintenance" ADD CONSTRAINT "equipment_maintenance_by_id_user_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" ADD CONSTRAINT "equipment_reservation_items_reservation_id_equipment_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."equipment_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" ADD CONSTRAINT "equipment_reservation_items_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" ADD CONSTRAINT "equipment_reservation_items_kit_id_equipment_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."equipment_kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservations" ADD CONSTRAINT "equipment_reservations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservations" ADD CONSTRAINT "equipment_reservations_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_reservations" ADD CONSTRAINT "equipment_reservations_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_strikes" ADD CONSTRAINT "equipment_strikes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_strikes" ADD CONSTRAINT "equipment_strikes_reservation_id_equipment_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."equipment_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_strikes" ADD CONSTRAINT "equipment_strikes_cleared_by_user_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certifications" ADD CONSTRAINT "user_certifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certifications" ADD CONSTRAINT "user_certifications_certification_id_equipment_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."equipment_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_certifications" ADD CONSTRAINT "user_certifications_granted_by_user_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screenplay_notes_screenplay_idx" ON "screenplay_notes" USING btree ("screenplay_id","resolved","created_at");--> statement-breakpoint
CREATE INDEX "screenplays_owner_idx" ON "screenplays" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "screenplays_project_idx" ON "screenplays" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "screenplays_updated_id_idx" ON "screenplays" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "screenplays_title_lower_idx" ON "screenplays" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "budget_expenses_budget_idx" ON "budget_expenses" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budget_lines_budget_idx" ON "budget_lines" USING btree ("budget_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_proposals_number_idx" ON "budget_proposals" USING btree ("budget_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "budget_proposals_one_pending_idx" ON "budget_proposals" USING btree ("budget_id") WHERE "budget_proposals"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "budget_proposals_state_idx" ON "budget_proposals" USING btree ("state","submitted_at");--> statement-breakpoint
CREATE INDEX "budget_proposals_project_idx" ON "budget_proposals" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number_idx" ON "document_versions" USING btree ("document_id","number");--> statement-breakpoint
CREATE INDEX "documents_project_idx" ON "documents" USING btree ("project_id","deleted_at","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "signature_signers_position_idx" ON "signature_signers" USING btree ("submission_id","position");--> statement-breakpoint
CREATE INDEX "signature_submissions_document_idx" ON "signature_submissions" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "signature_submissions_pending_idx" ON "signature_submissions" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_tokens_hash_idx" ON "signing_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "signing_tokens_signer_idx" ON "signing_tokens" USING btree ("signer_id");--> statement-breakpoint
CREATE INDEX "equipment_items_category_idx" ON "equipment_items" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "equipment_items_name_lower_idx" ON "equipment_items" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_kit_items_item_idx" ON "equipment_kit_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "equipment_maintenance_item_idx" ON "equipment_maintenance" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_reservation_items_unique" ON "equipment_reservation_items" USING btree ("reservation_id","item_id");--> statement-breakpoint
CREATE INDEX "equipment_reservation_items_item_idx" ON "equipment_reservation_items" USING btree ("item_id","starts_at");--> statement-breakpoint
CREATE INDEX "equipment_reservations_state_idx" ON "equipment_reservations" USING btree ("state","starts_at");--> statement-breakpoint
CREATE INDEX "equipment_reservations_project_idx" ON "equipment_reservations" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "equipment_reservations_requester_idx" ON "equipment_reservations" USING btree ("requester_id");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_strikes_reservation_idx" ON "equipment_strikes" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "equipment_strikes_user_idx" ON "equipment_strikes" USING btree ("user_id");