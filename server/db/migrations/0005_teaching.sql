ALTER TABLE "bookings" ADD COLUMN "refund_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "earnings_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "earnings_transaction_id" integer;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_transaction_id_transactions_id_fk" FOREIGN KEY ("refund_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_earnings_transaction_id_transactions_id_fk" FOREIGN KEY ("earnings_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_unsettled_end_at_idx" ON "lessons" USING btree ("end_at") WHERE "lessons"."earnings_settled_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_transaction_id_unique" UNIQUE("refund_transaction_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_earnings_transaction_id_unique" UNIQUE("earnings_transaction_id");