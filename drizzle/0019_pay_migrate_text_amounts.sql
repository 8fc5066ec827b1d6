-- Hand-written data migration: the pasted text amounts become money. A value that reads as a plain amount
-- ("2500", "2,500.00", "$2,500", "2500 USD": separators, a leading $ or ₹ and a trailing currency code dropped, at most
-- 2 decimals) moves to the numeric column; anything else is kept as written in *_amount_unparsed for the admin to fix.
UPDATE "projects" SET "advance_amount" = CASE
    WHEN regexp_replace(btrim("advance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') ~ '^\d{1,12}(\.\d{1,2})?$'
      THEN regexp_replace(btrim("advance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi')::numeric(14, 2)
  END,
  "advance_amount_unparsed" = CASE
    WHEN btrim("advance_payment_amount") <> ''
      AND regexp_replace(btrim("advance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') !~ '^\d{1,12}(\.\d{1,2})?$'
      THEN "advance_payment_amount"
  END
WHERE "advance_payment_amount" IS NOT NULL;
--> statement-breakpoint
UPDATE "projects" SET "balance_amount" = CASE
    WHEN regexp_replace(btrim("balance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') ~ '^\d{1,12}(\.\d{1,2})?$'
      THEN regexp_replace(btrim("balance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi')::numeric(14, 2)
  END,
  "balance_amount_unparsed" = CASE
    WHEN btrim("balance_payment_amount") <> ''
      AND regexp_replace(btrim("balance_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') !~ '^\d{1,12}(\.\d{1,2})?$'
      THEN "balance_payment_amount"
  END
WHERE "balance_payment_amount" IS NOT NULL;
--> statement-breakpoint
UPDATE "projects" SET "final_amount" = CASE
    WHEN regexp_replace(btrim("final_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') ~ '^\d{1,12}(\.\d{1,2})?$'
      THEN regexp_replace(btrim("final_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi')::numeric(14, 2)
  END,
  "final_amount_unparsed" = CASE
    WHEN btrim("final_payment_amount") <> ''
      AND regexp_replace(btrim("final_payment_amount"), '^[$₹]\s*|\s*(USD|INR)$|,', '', 'gi') !~ '^\d{1,12}(\.\d{1,2})?$'
      THEN "final_payment_amount"
  END
WHERE "final_payment_amount" IS NOT NULL;
--> statement-breakpoint
-- A phase already marked received by hand was paid by transfer (the only way before card payments).
UPDATE "projects" SET "advance_paid_via" = 'transfer' WHERE "advance_payment_received_date" IS NOT NULL;
--> statement-breakpoint
UPDATE "projects" SET "balance_paid_via" = 'transfer' WHERE "balance_payment_received_date" IS NOT NULL;
