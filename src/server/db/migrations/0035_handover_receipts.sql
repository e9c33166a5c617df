CREATE TABLE "equipment_handover_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"borrower_present" boolean NOT NULL,
	"by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_handover_receipts" ADD CONSTRAINT "equipment_handover_receipts_reservation_id_equipment_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."equipment_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_handover_receipts" ADD CONSTRAINT "equipment_handover_receipts_by_id_user_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_handover_receipts_idx" ON "equipment_handover_receipts" USING btree ("reservation_id","kind","created_at");