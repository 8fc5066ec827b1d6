ALTER TABLE "communications" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "communications" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "communications_customer_activity_idx" ON "communications" USING btree ("customer_id","last_activity_at") WHERE "communications"."customer_id" is not null;--> statement-breakpoint
ALTER TABLE "communications" ADD CONSTRAINT "communications_one_owner" CHECK (num_nonnulls("communications"."project_id", "communications"."customer_id") = 1);