DROP INDEX "feedback_status_idx";--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "screenshot_file_id" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "admin_updated_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "context" jsonb;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_admin_updated_by_users_id_fk" FOREIGN KEY ("admin_updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_project_round_idx" ON "feedback" USING btree ("project_id","round");--> statement-breakpoint
CREATE INDEX "feedback_status_idx" ON "feedback" USING btree ("status","created_at");