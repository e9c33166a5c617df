CREATE TYPE "public"."fair_share_scope" AS ENUM('student', 'project');--> statement-breakpoint
CREATE TYPE "public"."request_window_lot_kind" AS ENUM('category', 'kit', 'item');--> statement-breakpoint
CREATE TYPE "public"."request_window_state" AS ENUM('open', 'drawn', 'cancelled');--> statement-breakpoint
CREATE TABLE "equipment_fair_share" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"max_active" integer,
	"active_scope" "fair_share_scope" DEFAULT 'student' NOT NULL,
	"max_days_per_week" integer,
	"days_scope" "fair_share_scope" DEFAULT 'student' NOT NULL,
	"updated_by" text,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_fair_share_active" CHECK ("equipment_fair_share"."max_active" is null or "equipment_fair_share"."max_active" > 0),
	CONSTRAINT "equipment_fair_share_days" CHECK ("equipment_fair_share"."max_days_per_week" is null or "equipment_fair_share"."max_days_per_week" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "equipment_request_window_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL,
	"kind" "request_window_lot_kind" NOT NULL,
	"category_id" uuid,
	"kit_id" uuid,
	"item_id" uuid,
	"label" text NOT NULL,
	CONSTRAINT "equipment_request_window_lots_one" CHECK (num_nonnulls("equipment_request_window_lots"."category_id", "equipment_request_window_lots"."kit_id", "equipment_request_window_lots"."item_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "equipment_request_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"priorities" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"state" "request_window_state" DEFAULT 'open' NOT NULL,
	"created_by" text,
	"drawn_at" timestamp with time zone,
	"drawn_by" text,
	"drawn_by_name" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_request_windows_range" CHECK ("equipment_request_windows"."ends_at" > "equipment_request_windows"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "equipment_window_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"window_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"requester_id" text NOT NULL,
	"position" integer,
	"won" boolean,
	"reservation_id" uuid,
	"explanation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "equipment_fair_share" ADD CONSTRAINT "equipment_fair_share_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_fair_share" ADD CONSTRAINT "equipment_fair_share_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_window_lots" ADD CONSTRAINT "equipment_request_window_lots_window_id_equipment_request_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."equipment_request_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_window_lots" ADD CONSTRAINT "equipment_request_window_lots_category_id_equipment_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."equipment_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_window_lots" ADD CONSTRAINT "equipment_request_window_lots_kit_id_equipment_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."equipment_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_window_lots" ADD CONSTRAINT "equipment_request_window_lots_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_windows" ADD CONSTRAINT "equipment_request_windows_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_windows" ADD CONSTRAINT "equipment_request_windows_drawn_by_user_id_fk" FOREIGN KEY ("drawn_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_window_requests" ADD CONSTRAINT "equipment_window_requests_window_id_equipment_request_windows_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."equipment_request_windows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_window_requests" ADD CONSTRAINT "equipment_window_requests_lot_id_equipment_request_window_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."equipment_request_window_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_window_requests" ADD CONSTRAINT "equipment_window_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_window_requests" ADD CONSTRAINT "equipment_window_requests_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_window_requests" ADD CONSTRAINT "equipment_window_requests_reservation_id_equipment_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."equipment_reservations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_certifications" ADD CONSTRAINT "equipment_access_level_certifications_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_certifications" ADD CONSTRAINT "equipment_access_level_certifications_certification_id_equipment_certifications_id_fk" FOREIGN KEY ("certification_id") REFERENCES "public"."equipment_certifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_courses" ADD CONSTRAINT "equipment_access_level_courses_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_access_level_courses" ADD CONSTRAINT "equipment_access_level_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_item_access_levels" ADD CONSTRAINT "equipment_item_access_levels_item_id_equipment_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."equipment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_item_access_levels" ADD CONSTRAINT "equipment_item_access_levels_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_access_levels" ADD CONSTRAINT "equipment_kit_access_levels_kit_id_equipment_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."equipment_kits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_kit_access_levels" ADD CONSTRAINT "equipment_kit_access_levels_level_id_equipment_access_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."equipment_access_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_request_window_lots_window_idx" ON "equipment_request_window_lots" USING btree ("window_id");--> statement-breakpoint
CREATE INDEX "equipment_request_windows_period_idx" ON "equipment_request_windows" USING btree ("state","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_window_requests_lot_project_idx" ON "equipment_window_requests" USING btree ("lot_id","project_id");--> statement-breakpoint
CREATE INDEX "equipment_window_requests_window_idx" ON "equipment_window_requests" USING btree ("window_id");--> statement-breakpoint
CREATE INDEX "equipment_window_requests_requester_idx" ON "equipment_window_requests" USING btree ("requester_id");--> statement-breakpoint
CREATE INDEX "equipment_access_level_certifications_cert_idx" ON "equipment_access_level_certifications" USING btree ("certification_id");--> statement-breakpoint
CREATE INDEX "equipment_access_level_courses_course_idx" ON "equipment_access_level_courses" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "equipment_item_access_levels_level_idx" ON "equipment_item_access_levels" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "equipment_kit_access_levels_level_idx" ON "equipment_kit_access_levels" USING btree ("level_id");--> statement-breakpoint
-- The greenlight gate became a choice: a school that required a greenlight to book keeps its reserve gate.
-- (The settings' reader converts an unconverted row the same way, common/school.ts:withGreenlightGate.)
UPDATE "school_settings" SET "settings" = jsonb_set("settings" #- '{equipmentRules,requireGreenlight}', '{equipmentRules,greenlightGate}', CASE WHEN ("settings" #>> '{equipmentRules,requireGreenlight}') = 'true' THEN '"reserve"'::jsonb ELSE '"off"'::jsonb END) WHERE "settings" ? 'equipmentRules' AND "settings" -> 'equipmentRules' ? 'requireGreenlight';
