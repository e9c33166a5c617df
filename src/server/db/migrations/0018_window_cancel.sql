ALTER TYPE "public"."request_window_state" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "equipment_request_windows" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment_request_windows" ADD COLUMN "cancel_reason" text;