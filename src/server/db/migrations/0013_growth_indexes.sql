DROP INDEX "projects_phase_idx";--> statement-breakpoint
CREATE INDEX "projects_phase_shoot_idx" ON "projects" USING btree ("phase","shoot_start","id");