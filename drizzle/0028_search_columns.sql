DROP INDEX "profiles_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "projects_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "full_name_search" text GENERATED ALWAYS AS (search_fold(full_name)) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "project_name_search" text GENERATED ALWAYS AS (search_fold(project_name)) STORED;--> statement-breakpoint
CREATE INDEX "profiles_full_name_search_trgm_idx" ON "profiles" USING gin ("full_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_name_search_trgm_idx" ON "projects" USING gin ("project_name_search" gin_trgm_ops);