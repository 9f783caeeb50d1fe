CREATE TABLE "plan_usages" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"month" text NOT NULL,
	"slot" integer,
	"covered_cents" integer NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_usages_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "plan_usages_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "plan_usages_slot" UNIQUE("subscription_id","month","slot")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "included_lessons" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "lesson_cap_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_usages" ADD CONSTRAINT "plan_usages_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_usages" ADD CONSTRAINT "plan_usages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_usages" ADD CONSTRAINT "plan_usages_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_series_id_idx" ON "lessons" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_id_number_unique" ON "teachers" USING btree (upper("id_number"));