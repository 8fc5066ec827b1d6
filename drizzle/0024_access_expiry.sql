CREATE TABLE "access_expiry_reminders" (
	"project_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_expiry_reminders_project_id_expires_at_days_before_pk" PRIMARY KEY("project_id","expires_at","days_before")
);
--> statement-breakpoint
ALTER TABLE "access_expiry_reminders" ADD CONSTRAINT "access_expiry_reminders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;