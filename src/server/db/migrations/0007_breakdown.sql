CREATE TABLE "project_greenlight_items" (
	"project_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"label" text NOT NULL,
	"ticked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_greenlight_items_project_id_item_key_pk" PRIMARY KEY("project_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "breakdown_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"created_by" text,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"screenplay_id" uuid NOT NULL,
	"scene_number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_by_name" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_flags_uq" UNIQUE("screenplay_id","scene_number","kind")
);
--> statement-breakpoint
ALTER TABLE "project_greenlight_items" ADD CONSTRAINT "project_greenlight_items_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_elements" ADD CONSTRAINT "breakdown_elements_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "breakdown_elements" ADD CONSTRAINT "breakdown_elements_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_flags" ADD CONSTRAINT "safety_flags_screenplay_id_screenplays_id_fk" FOREIGN KEY ("screenplay_id") REFERENCES "public"."screenplays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_flags" ADD CONSTRAINT "safety_flags_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "breakdown_elements_uq" ON "breakdown_elements" USING btree ("screenplay_id","scene_number","category",lower("name"));