ALTER TABLE "contact_inquiries" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "contact_inquiries_fingerprint_idx" ON "contact_inquiries" USING btree ("fingerprint","created_at");