ALTER TABLE "budget_templates" ADD COLUMN "fringes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_templates" ADD COLUMN "globals" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "equipment_items" ADD COLUMN "day_rate_minor" integer;--> statement-breakpoint
ALTER TABLE "equipment_items" ADD CONSTRAINT "equipment_items_day_rate_nonnegative" CHECK ("equipment_items"."day_rate_minor" >= 0);