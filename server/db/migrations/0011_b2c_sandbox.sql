CREATE TABLE "sandbox_mpesa_b2c" (
	"originator_conversation_id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"phone" text NOT NULL,
	"amount" integer NOT NULL,
	"result_url" text NOT NULL,
	"timeout_url" text NOT NULL,
	"result_code" integer NOT NULL,
	"result_desc" text NOT NULL,
	"answers" boolean NOT NULL,
	"receipt" text NOT NULL,
	"answers_at" timestamp with time zone NOT NULL,
	"requested_at" timestamp with time zone NOT NULL
);
