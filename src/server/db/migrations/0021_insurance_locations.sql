CREATE TABLE "hospitals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"emergency_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"parking" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"hospital_id" uuid,
	"project_id" uuid,
	"added_by" text,
	"added_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"holder_name" text NOT NULL,
	"holder_address" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"requested_by" text,
	"requested_by_name" text NOT NULL,
	"endorsed_by" text,
	"endorsed_by_name" text,
	"endorsed_at" timestamp with time zone,
	"endorsement_comment" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"answered_by_name" text,
	"answered_at" timestamp with time zone,
	"decline_reason" text,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "location_photos" ADD CONSTRAINT "location_photos_location_id_school_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."school_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_locations" ADD CONSTRAINT "school_locations_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_locations" ADD CONSTRAINT "school_locations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_locations" ADD CONSTRAINT "school_locations_added_by_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_requests" ADD CONSTRAINT "insurance_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_requests" ADD CONSTRAINT "insurance_requests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_requests" ADD CONSTRAINT "insurance_requests_endorsed_by_user_id_fk" FOREIGN KEY ("endorsed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_requests" ADD CONSTRAINT "insurance_requests_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_photos_location_idx" ON "location_photos" USING btree ("location_id","position");--> statement-breakpoint
CREATE INDEX "school_locations_name_idx" ON "school_locations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "insurance_requests_project_idx" ON "insurance_requests" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "insurance_requests_token_idx" ON "insurance_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "insurance_requests_status_idx" ON "insurance_requests" USING btree ("status");--> statement-breakpoint
ALTER TABLE "shoot_days" ADD CONSTRAINT "shoot_days_location_id_school_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."school_locations"("id") ON DELETE set null ON UPDATE no action;