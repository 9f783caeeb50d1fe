CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mpesa_c2b" (
	"trans_id" text PRIMARY KEY NOT NULL,
	"business_short_code" text NOT NULL,
	"bill_ref_number" text NOT NULL,
	"amount" integer NOT NULL,
	"msisdn" text NOT NULL,
	"payer_name" text NOT NULL,
	"trans_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_mpesa_pushes" (
	"checkout_request_id" text PRIMARY KEY NOT NULL,
	"merchant_request_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"account_reference" text NOT NULL,
	"callback_url" text NOT NULL,
	"result_code" integer NOT NULL,
	"result_desc" text NOT NULL,
	"sends_callback" boolean NOT NULL,
	"receipt" text NOT NULL,
	"answers_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pesapal_ipns" (
	"ipn_id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_pesapal_orders" (
	"order_tracking_id" text PRIMARY KEY NOT NULL,
	"order" jsonb NOT NULL,
	"status_code" integer NOT NULL,
	"payment_status_description" text NOT NULL,
	"description" text NOT NULL,
	"confirmation_code" text NOT NULL,
	"payment_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "check_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_pending_check_idx" ON "transactions" USING btree ("status","next_check_at");--> statement-breakpoint
UPDATE "transactions" SET "next_check_at" = now() WHERE "status" = 'pending';
