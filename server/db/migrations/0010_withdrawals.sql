CREATE TABLE "transaction_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"remark" text NOT NULL,
	"result_transaction_id" integer,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "transactions_mpesa_receipt_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "originator_conversation_id" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "withdrawal_no_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_audit" ADD CONSTRAINT "transaction_audit_result_transaction_id_transactions_id_fk" FOREIGN KEY ("result_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_audit_transaction_idx" ON "transaction_audit" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_mpesa_receipt_idx" ON "transactions" USING btree ("gateway_receipt") WHERE "transactions"."gateway" in ('mpesa', 'paybill', 'mpesa_b2c');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_originator_conversation_id_unique" UNIQUE("originator_conversation_id");