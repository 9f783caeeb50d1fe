CREATE TABLE "lesson_attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"first_joined_at" timestamp with time zone NOT NULL,
	"last_joined_at" timestamp with time zone NOT NULL,
	"joins" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "lesson_attendance_lesson_user" UNIQUE("lesson_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"reporter_user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"text" text,
	"status" text DEFAULT 'open' NOT NULL,
	"remark" text,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reports_lesson_reporter" UNIQUE("lesson_id","reporter_user_id")
);
--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_attendance" ADD CONSTRAINT "lesson_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_reports_open_idx" ON "lesson_reports" USING btree ("created_at") WHERE "lesson_reports"."status" = 'open';--> statement-breakpoint
-- Lessons that ended before classrooms existed were taught the old way: count them as held, so the
-- earnings job does not refund them for a teacher who could not have joined (docs/classroom.md).
UPDATE "lessons" SET "outcome" = 'held', "outcome_at" = "end_at" WHERE "end_at" <= now() AND "cancelled_at" IS NULL;--> statement-breakpoint
-- The seed's shared meet.jit.si links were the room before issue 22; every lesson now has its own.
UPDATE "lessons" SET "link" = NULL WHERE "link" LIKE 'https://meet.jit.si/%';
