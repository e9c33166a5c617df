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
ALTER TABLE "screenplay_notes" ADD CONSTRAINT "screenplay_notes_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_notes" ADD CONSTRAINT "screenplay_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_revisions" ADD CONSTRAINT "screenplay_revisions_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplay_revisions" ADD CONSTRAINT "screenplay_revisions_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screenplays" ADD CONSTRAINT "screenplays_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screenplay_notes_screenplay_idx" ON "screenplay_notes" USING btree ("screenplay_id","resolved","created_at");--> statement-breakpoint
CREATE INDEX "screenplays_owner_idx" ON "screenplays" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "screenplays_project_idx" ON "screenplays" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "screenplays_updated_id_idx" ON "screenplays" USING btree ("updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "screenplays_title_lower_idx" ON "screenplays" USING btree (lower("title"));