DROP INDEX "one_time_codes_lookup_idx";--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN "binding" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "one_time_codes_lookup_idx" ON "one_time_codes" USING btree ("purpose","email","subject","binding","created_at");