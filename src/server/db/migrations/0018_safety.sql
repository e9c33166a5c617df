CREATE TABLE "hazard_kinds" (
	"key" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"requirements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_reminders" (
	"requirement_id" uuid NOT NULL,
	"due_date" text NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_reminders_requirement_id_due_date_stage_pk" PRIMARY KEY("requirement_id","due_date","stage")
);
--> statement-breakpoint
CREATE TABLE "safety_requirement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requirement_id" uuid NOT NULL,
	"action" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"document_id" uuid,
	"document_title" text,
	"by_id" text,
	"by_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"screenplay_id" uuid,
	"scene_number" text NOT NULL,
	"kind" text NOT NULL,
	"kind_label" text NOT NULL,
	"greenlight_key" text NOT NULL,
	"label" text NOT NULL,
	"category" text NOT NULL,
	"approver_role" text DEFAULT 'staff' NOT NULL,
	"approver_user_id" text,
	"approver_name" text NOT NULL,
	"lead_days" integer NOT NULL,
	"business_days" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_requirements_uq" UNIQUE("project_id","greenlight_key","label")
);
--> statement-breakpoint
ALTER TABLE "safety_reminders" ADD CONSTRAINT "safety_reminders_requirement_id_safety_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."safety_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirement_events" ADD CONSTRAINT "safety_requirement_events_requirement_id_safety_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."safety_requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirement_events" ADD CONSTRAINT "safety_requirement_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirement_events" ADD CONSTRAINT "safety_requirement_events_by_id_user_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirements" ADD CONSTRAINT "safety_requirements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirements" ADD CONSTRAINT "safety_requirements_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirements" ADD CONSTRAINT "safety_requirements_approver_user_id_user_id_fk" FOREIGN KEY ("approver_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_requirements" ADD CONSTRAINT "safety_requirements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_requirement_events_req_idx" ON "safety_requirement_events" USING btree ("requirement_id","at");--> statement-breakpoint
CREATE INDEX "safety_requirements_status_idx" ON "safety_requirements" USING btree ("status","project_id");