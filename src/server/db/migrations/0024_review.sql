CREATE TABLE "cut_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cut_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"duration_ms" integer,
	"fps_num" integer,
	"fps_den" integer,
	"start_timecode" text,
	"width" integer,
	"height" integer,
	"proxy_status" text DEFAULT 'waiting' NOT NULL,
	"proxy_progress" real DEFAULT 0 NOT NULL,
	"proxy_error" text,
	"proxy_key" text,
	"poster_key" text,
	"strip_key" text,
	"uploaded_by" text,
	"uploaded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"picture_lock" boolean DEFAULT false NOT NULL,
	"decision_note" text,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cut_versions_cut_number_key" UNIQUE("cut_id","number")
);
--> statement-breakpoint
CREATE TABLE "cuts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_link_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"viewer_name" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "review_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" text,
	"guest_link_id" uuid,
	"author_name" text NOT NULL,
	"at_ms" integer NOT NULL,
	"end_ms" integer,
	"body" text NOT NULL,
	"drawing" jsonb,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_by_name" text,
	"carried_from_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cut_versions" ADD CONSTRAINT "cut_versions_cut_id_cuts_id_fk" FOREIGN KEY ("cut_id") REFERENCES "public"."cuts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_versions" ADD CONSTRAINT "cut_versions_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_versions" ADD CONSTRAINT "cut_versions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuts" ADD CONSTRAINT "cuts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cuts" ADD CONSTRAINT "cuts_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_link_views" ADD CONSTRAINT "review_link_views_link_id_review_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."review_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_version_id_cut_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."cut_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_version_id_cut_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."cut_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_guest_link_id_review_links_id_fk" FOREIGN KEY ("guest_link_id") REFERENCES "public"."review_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_notes" ADD CONSTRAINT "review_notes_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cuts_project_idx" ON "cuts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "review_link_views_link_idx" ON "review_link_views" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "review_links_version_idx" ON "review_links" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "review_notes_version_idx" ON "review_notes" USING btree ("version_id","at_ms");--> statement-breakpoint
CREATE INDEX "review_notes_parent_idx" ON "review_notes" USING btree ("parent_id");