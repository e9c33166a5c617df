CREATE TABLE "budget_drafts" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"content" jsonb,
	"updated_by" text,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screenplays" ADD COLUMN "scenes_unlocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "release_for" text;--> statement-breakpoint
ALTER TABLE "budget_drafts" ADD CONSTRAINT "budget_drafts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_drafts" ADD CONSTRAINT "budget_drafts_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;