ALTER TABLE "bookings" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "series_id" text;--> statement-breakpoint
CREATE INDEX "lessons_series_id_idx" ON "lessons" USING btree ("series_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teachers_id_number_unique" ON "teachers" USING btree (upper("id_number"));