CREATE TABLE "company_legal_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"tax_id" text,
	"tax_label" text,
	"tax_rate_basis_points" integer DEFAULT 0 NOT NULL,
	"invoice_prefix" text NOT NULL,
	"governing_law" text NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"contact_email" text NOT NULL,
	"advance_percent" integer DEFAULT 50 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_legal_settings_one_row" CHECK ("company_legal_settings"."id" = 1),
	CONSTRAINT "company_legal_settings_advance_percent" CHECK ("company_legal_settings"."advance_percent" between 0 and 100),
	CONSTRAINT "company_legal_settings_tax_rate" CHECK ("company_legal_settings"."tax_rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"project_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"status" text DEFAULT 'issued' NOT NULL,
	"currency" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "proposal_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"user_id" uuid,
	"accepted_name" text NOT NULL,
	"user_email" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"proposal" jsonb NOT NULL,
	"proposal_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_country" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_region" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_tax_id" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "proposal_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_legal_settings" ADD CONSTRAINT "company_legal_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_sequence_idx" ON "invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "invoices_project_idx" ON "invoices" USING btree ("project_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_phase_idx" ON "invoices" USING btree ("project_id","phase") WHERE "invoices"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "proposal_acceptances_version_idx" ON "proposal_acceptances" USING btree ("project_id","version");