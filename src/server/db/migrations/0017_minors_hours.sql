ALTER TABLE "cast_members" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "cast_members" ADD COLUMN "minor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_members" ADD COLUMN "guardian_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_members" ADD COLUMN "guardian_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_members" ADD COLUMN "permit_document_id" uuid;--> statement-breakpoint
ALTER TABLE "cast_members" ADD COLUMN "permit_expires_on" date;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "wrap" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "meal" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "cast_wraps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "crew_wraps" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shoot_days" ADD COLUMN "chaperones" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_members" ADD CONSTRAINT "cast_members_permit_document_id_documents_id_fk" FOREIGN KEY ("permit_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;