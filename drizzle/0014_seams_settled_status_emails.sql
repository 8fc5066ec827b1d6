ALTER TABLE "outgoing_emails" ADD COLUMN "collapse_key" text;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "collapse_from" text;--> statement-breakpoint
CREATE INDEX "outgoing_emails_collapse_idx" ON "outgoing_emails" USING btree ("collapse_key") WHERE "outgoing_emails"."collapse_key" is not null and "outgoing_emails"."status" = 'pending';