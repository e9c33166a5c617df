CREATE TABLE "schedule_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"shoot_day_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"from_place" text DEFAULT '' NOT NULL,
	"to_place" text DEFAULT '' NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripboards" ADD COLUMN "estimates" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_banners" ADD CONSTRAINT "schedule_banners_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_banners" ADD CONSTRAINT "schedule_banners_shoot_day_id_shoot_days_id_fk" FOREIGN KEY ("shoot_day_id") REFERENCES "public"."shoot_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_banners_project_idx" ON "schedule_banners" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "schedule_banners_day_idx" ON "schedule_banners" USING btree ("shoot_day_id");