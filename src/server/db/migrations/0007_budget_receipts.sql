ALTER TABLE "budget_expenses" ADD COLUMN "receipt_key" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_name" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_type" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_size" integer;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_sha256" text;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_expenses" ADD COLUMN "receipt_uploaded_by_name" text;