CREATE TABLE "course_deliveries" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_delivery_signoffs" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"note" text,
	"signed_by" text,
	"signed_by_name" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_delivery_ticks" (
	"project_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"note" text,
	"done_by" text,
	"done_by_name" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_delivery_ticks_project_id_item_key_pk" PRIMARY KEY("project_id","item_key")
);
--> statement-breakpoint
ALTER TABLE "course_deliveries" ADD CONSTRAINT "course_deliveries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_deliveries" ADD CONSTRAINT "course_deliveries_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delivery_signoffs" ADD CONSTRAINT "project_delivery_signoffs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delivery_signoffs" ADD CONSTRAINT "project_delivery_signoffs_signed_by_user_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delivery_ticks" ADD CONSTRAINT "project_delivery_ticks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_delivery_ticks" ADD CONSTRAINT "project_delivery_ticks_done_by_user_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;