ALTER TABLE "plan_usages" DROP CONSTRAINT "plan_usages_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_usages" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_usages" ADD CONSTRAINT "plan_usages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;