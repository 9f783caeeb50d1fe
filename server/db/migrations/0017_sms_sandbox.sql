CREATE TABLE "sandbox_sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"to" text NOT NULL,
	"from" text,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_sms_messages_message_id_unique" UNIQUE("message_id")
);
