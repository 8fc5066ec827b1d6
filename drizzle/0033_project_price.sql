ALTER TABLE "projects" ADD COLUMN "price_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "custom_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "custom_price_reason" text;--> statement-breakpoint
-- A project already asked its advance in a currency: that is the currency it is priced in.
UPDATE "projects" SET "price_currency" = "advance_payment_currency";