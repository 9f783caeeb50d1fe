ALTER TABLE "transactions" DROP CONSTRAINT "transactions_gateway_receipt_unique";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "claimed_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "confirmed_amount_cents" integer;--> statement-breakpoint
-- Paybill confirmations kept their claimed amount in meta.
UPDATE "transactions" SET "claimed_amount_cents" = round(("meta"->>'claimed_amount')::numeric * 100)
WHERE "gateway" = 'paybill' AND jsonb_typeof("meta"->'claimed_amount') = 'number';--> statement-breakpoint
-- Settled M-Pesa express and Pesapal payments kept their receipt only in meta: record it, the first
-- holder of each receipt only, so the indexes below also cover payments made before them.
UPDATE "transactions" AS t SET "gateway_receipt" = t."meta"->>'receipt'
WHERE t."gateway" = 'mpesa' AND t."status" = 'completed' AND t."gateway_receipt" IS NULL
  AND coalesce(t."meta"->>'receipt', '') <> ''
  AND t."id" = (SELECT min(o."id") FROM "transactions" o WHERE o."gateway" = 'mpesa' AND o."status" = 'completed' AND o."meta"->>'receipt' = t."meta"->>'receipt')
  AND NOT EXISTS (SELECT 1 FROM "transactions" o WHERE o."gateway" IN ('mpesa', 'paybill') AND o."gateway_receipt" = t."meta"->>'receipt');--> statement-breakpoint
UPDATE "transactions" AS t SET "gateway_receipt" = t."meta"->>'confirmation_code'
WHERE t."gateway" = 'pesapal' AND t."status" = 'completed' AND t."gateway_receipt" IS NULL
  AND coalesce(t."meta"->>'confirmation_code', '') <> ''
  AND t."id" = (SELECT min(o."id") FROM "transactions" o WHERE o."gateway" = 'pesapal' AND o."status" = 'completed' AND o."meta"->>'confirmation_code' = t."meta"->>'confirmation_code')
  AND NOT EXISTS (SELECT 1 FROM "transactions" o WHERE o."gateway" = 'pesapal' AND o."gateway_receipt" = t."meta"->>'confirmation_code');--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_mpesa_receipt_idx" ON "transactions" USING btree ("gateway_receipt") WHERE "transactions"."gateway" in ('mpesa', 'paybill');--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_pesapal_receipt_idx" ON "transactions" USING btree ("gateway_receipt") WHERE "transactions"."gateway" = 'pesapal';