CREATE TYPE "public"."equipment_condition" AS ENUM('new', 'good', 'fair', 'worn', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."equipment_item_status" AS ENUM('available', 'checked_out', 'maintenance', 'retired');--> statement-breakpoint
CREATE TYPE "public"."maintenance_kind" AS ENUM('to_maintenance', 'back_in_service', 'retired', 'damage', 'repair', 'note');--> statement-breakpoint
CREATE TYPE "public"."reservation_state" AS ENUM('requested', 'approved', 'rejected', 'checked_out', 'returned', 'cancelled');--> statement-breakpoint
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