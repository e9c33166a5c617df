CREATE TABLE "shots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"position" integer NOT NULL,
	"number" text,
	"size" text NOT NULL,
	"angle" text NOT NULL,
	"movement" text NOT NULL,
	"lens_mm" integer,
	"description" text DEFAULT '' NOT NULL,
	"setup_minutes" integer,
	"done" boolean DEFAULT false NOT NULL,
	"frame_key" text,
	"frame_type" text,
	"frame_drawn" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shots" ADD CONSTRAINT "shots_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shots_project_scene_idx" ON "shots" USING btree ("project_id","scene_number","position");