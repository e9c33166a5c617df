CREATE TABLE "equipment_access_level_certifications" (
	"level_id" uuid NOT NULL,
	"certification_id" uuid NOT NULL,
	CONSTRAINT "equipment_access_level_certifications_level_id_certification_id_pk" PRIMARY KEY("level_id","certification_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_access_level_courses" (
	"level_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	CONSTRAINT "equipment_access_level_courses_level_id_course_id_pk" PRIMARY KEY("level_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "equipment_access_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_access_levels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "equipment_item_access_levels" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"level_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_kit_access_levels" (
	"kit_id" uuid PRIMARY KEY NOT NULL,
	"level_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_access_level_certifications" ADD CONSTRAINT "equipment_access_level_certifications_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_certifications" ADD CONSTRAINT "equipment_access_level_certifications_certification_id_equipment_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."equipment_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_courses" ADD CONSTRAINT "equipment_access_level_courses_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_courses" ADD CONSTRAINT "equipment_access_level_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_item_access_levels" ADD CONSTRAINT "equipment_item_access_levels_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_item_access_levels" ADD CONSTRAINT "equipment_item_access_levels_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_access_levels" ADD CONSTRAINT "equipment_kit_access_levels_kit_id_equipment_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."equipment_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_access_levels" ADD CONSTRAINT "equipment_kit_access_levels_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_access_level_certifications_cert_idx" ON "equipment_access_level_certifications" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "equipment_access_level_courses_course_idx" ON "equipment_access_level_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "equipment_item_access_levels_level_idx" ON "equipment_item_access_levels" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "equipment_kit_access_levels_level_idx" ON "equipment_kit_access_levels" USING btree ("level_id");--> statement-breakpoint
-- The greenlight gate became a choice: a school that required a greenlight to book keeps its reserve gate.
-- (The settings' reader converts an unconverted row the same way, common/school.ts:withGreenlightGate.)
UPDATE "school_settings" SET "settings" = jsonb_set("settings" #- '{equipmentRules,requireGreenlight}', '{equipmentRules,greenlightGate}', CASE WHEN ("settings" #>> '{equipmentRules,requireGreenlight}') = 'true' THEN '"reserve"'::jsonb ELSE '"off"'::jsonb END) WHERE "settings" ? 'equipmentRules' AND "settings" -> 'equipmentRules' ? 'requireGreenlight';
