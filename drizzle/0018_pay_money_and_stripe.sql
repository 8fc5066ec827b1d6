CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"currency" text,
	"stripe_event_id" text,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"outcome" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_amount_unparsed" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "final_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "final_amount_unparsed" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_amount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_amount_unparsed" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_paid_via" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_paid_via" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_payment_issue" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_payment_issue" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "advance_last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_last_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_checkout_sessions" ADD CONSTRAINT "stripe_checkout_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_checkout_sessions" ADD CONSTRAINT "stripe_checkout_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_project_idx" ON "payments" USING btree ("project_id","phase","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_event_idx" ON "payments" USING btree ("stripe_event_id");--> statement-breakpoint
CREATE INDEX "stripe_checkout_sessions_project_idx" ON "stripe_checkout_sessions" USING btree ("project_id","phase","status");