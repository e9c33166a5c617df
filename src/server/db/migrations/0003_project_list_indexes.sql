DROP INDEX "projects_updated_idx";--> statement-breakpoint
DROP INDEX "projects_title_idx";--> statement-breakpoint
CREATE INDEX "projects_updated_id_idx" ON "projects" USING btree ("updated_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "projects_title_lower_id_idx" ON "projects" USING btree (lower("title"),"id");