CREATE TABLE "project_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"access_level" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"version_number" integer NOT NULL,
	"version_url" text NOT NULL,
	"release_notes" text NOT NULL,
	"brd_sha256" text,
	"brief_sha256" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_acceptances" ADD CONSTRAINT "project_acceptances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_acceptances" ADD CONSTRAINT "project_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_acceptances_project_idx" ON "project_acceptances" USING btree ("project_id","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_acceptances_one_approval_idx" ON "project_acceptances" USING btree ("project_id") WHERE "project_acceptances"."decision" = 'approve';