CREATE TABLE "production_contact_days" (
	"contact_id" uuid NOT NULL,
	"shoot_day_id" uuid NOT NULL,
	CONSTRAINT "production_contact_days_contact_id_shoot_day_id_pk" PRIMARY KEY("contact_id","shoot_day_id")
);
--> statement-breakpoint
ALTER TABLE "insurance_requests" ADD COLUMN "parties" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "production_contacts" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "production_contacts" ADD COLUMN "every_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "production_contact_days" ADD CONSTRAINT "production_contact_days_contact_id_production_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."production_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_contact_days" ADD CONSTRAINT "production_contact_days_shoot_day_id_shoot_days_id_fk" FOREIGN KEY ("shoot_day_id") REFERENCES "public"."shoot_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "production_contact_days_day_idx" ON "production_contact_days" USING btree ("shoot_day_id");