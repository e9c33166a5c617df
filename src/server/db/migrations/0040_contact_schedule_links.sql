ALTER TABLE "production_contacts" ADD COLUMN "scene_location" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_contacts" ADD COLUMN "character" text DEFAULT '' NOT NULL;