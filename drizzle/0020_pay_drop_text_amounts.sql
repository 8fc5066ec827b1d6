ALTER TABLE "projects" DROP COLUMN "advance_payment_amount";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "final_payment_amount";--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "balance_payment_amount";