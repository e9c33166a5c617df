ALTER TABLE "budget_lines" ADD COLUMN "fringe_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD COLUMN "quantity_global" text;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "fringes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "globals" jsonb DEFAULT '[]'::jsonb NOT NULL;