CREATE TABLE "project_greenlight_items" (
	"project_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"ticked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_greenlight_items_project_id_item_key_pk" PRIMARY KEY("project_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "breakdown_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_by_name" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_flags_uq" UNIQUE("screenplay_id","scene_number","kind")
);
--> statement-breakpoint
CREATE TABLE "call_sheet_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shoot_day_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_ip" text,
	"confirmed_user_agent" text,
	CONSTRAINT "call_sheet_recipients_day_email_uq" UNIQUE("shoot_day_id","email")
);
--> statement-breakpoint
CREATE TABLE "schedule_strips" (
	"project_id" uuid NOT NULL,
	"shoot_day_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"position" integer NOT NULL,
	"heading" text DEFAULT '' NOT NULL,
	CONSTRAINT "schedule_strips_scene_uq" UNIQUE("project_id","scene_number")
);
--> statement-breakpoint
CREATE TABLE "shoot_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"date" date NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"general_call" text DEFAULT '08:00' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"weather" text DEFAULT '' NOT NULL,
	"hospital" text DEFAULT '' NOT NULL,
	"cast_calls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"crew_calls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"call_sheet_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripboards" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"screenplay_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "equipment_items_category_idx";--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_key" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_name" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_type" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_size" integer;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_sha256" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_uploaded_by_name" text;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" ADD COLUMN "return_photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "project_greenlight_items" ADD CONSTRAINT "project_greenlight_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_elements" ADD CONSTRAINT "breakdown_elements_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_elements" ADD CONSTRAINT "breakdown_elements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_flags" ADD CONSTRAINT "safety_flags_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_flags" ADD CONSTRAINT "safety_flags_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sheet_recipients" ADD CONSTRAINT "call_sheet_recipients_shoot_day_id_shoot_days_id_fk" FOREIGN KEY ("shoot_day_id") REFERENCES "public"."shoot_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_sheet_recipients" ADD CONSTRAINT "call_sheet_recipients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_strips" ADD CONSTRAINT "schedule_strips_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_strips" ADD CONSTRAINT "schedule_strips_shoot_day_id_shoot_days_id_fk" FOREIGN KEY ("shoot_day_id") REFERENCES "public"."shoot_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD CONSTRAINT "shoot_days_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripboards" ADD CONSTRAINT "stripboards_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripboards" ADD CONSTRAINT "stripboards_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripboards" ADD CONSTRAINT "stripboards_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breakdown_elements_uq" ON "breakdown_elements" USING btree ("screenplay_id","scene_number","category",lower("name"));--> statement-breakpoint
CREATE INDEX "call_sheet_recipients_token_idx" ON "call_sheet_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "schedule_strips_day_idx" ON "schedule_strips" USING btree ("shoot_day_id","position");--> statement-breakpoint
CREATE INDEX "shoot_days_project_date_idx" ON "shoot_days" USING btree ("project_id","date");--> statement-breakpoint
CREATE INDEX "shoot_days_date_idx" ON "shoot_days" USING btree ("date");--> statement-breakpoint
CREATE INDEX "equipment_items_category_order_idx" ON "equipment_items" USING btree ("category_id",lower("name"),"asset_tag");--> statement-breakpoint
CREATE INDEX "equipment_reservation_items_active_range_idx" ON "equipment_reservation_items" USING gist (tstzrange("starts_at", "ends_at", '[)')) WHERE "equipment_reservation_items"."active";--> statement-breakpoint
CREATE INDEX "equipment_reservation_items_out_idx" ON "equipment_reservation_items" USING btree ("item_id","ends_at") WHERE "equipment_reservation_items"."checked_out_at" is not null and "equipment_reservation_items"."returned_at" is null;--> statement-breakpoint
ALTER TABLE "equipment_reservation_items" DROP COLUMN "return_photo_url";