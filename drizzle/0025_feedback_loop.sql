ALTER TABLE "feedback" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "fixed_in_version" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "responded_at" timestamp with time zone;