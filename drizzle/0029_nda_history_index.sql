DROP INDEX "profiles_nda_status_idx";--> statement-breakpoint
CREATE INDEX "profiles_nda_status_approved_idx" ON "profiles" USING btree ("nda_status","nda_approved_at");