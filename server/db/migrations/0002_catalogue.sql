CREATE TABLE "answer_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"answer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_votes_user_answer" UNIQUE("answer_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"teacher_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"grade_level_id" integer NOT NULL,
	"curriculum_id" integer NOT NULL,
	"type" text NOT NULL,
	"frequency" text NOT NULL,
	"price_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_approved" boolean DEFAULT true NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "grade_subject_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade_level_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "grade_subject_topics_triple" UNIQUE("grade_level_id","subject_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject_id" integer,
	"grade_level_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"search" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_tag_links" (
	"subject_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "subject_tag_links_subject_id_tag_id_pk" PRIMARY KEY("subject_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "subject_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "subtopics" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subtopics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"curriculum_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "class_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', name)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "search" "tsvector";--> statement-breakpoint
ALTER TABLE "answer_votes" ADD CONSTRAINT "answer_votes_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_votes" ADD CONSTRAINT "answer_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_teachers_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."teachers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_grade_level_id_grade_levels_id_fk" FOREIGN KEY ("grade_level_id") REFERENCES "public"."grade_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_subject_topics" ADD CONSTRAINT "grade_subject_topics_grade_level_id_grade_levels_id_fk" FOREIGN KEY ("grade_level_id") REFERENCES "public"."grade_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_subject_topics" ADD CONSTRAINT "grade_subject_topics_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_subject_topics" ADD CONSTRAINT "grade_subject_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_grade_level_id_grade_levels_id_fk" FOREIGN KEY ("grade_level_id") REFERENCES "public"."grade_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_tag_links" ADD CONSTRAINT "subject_tag_links_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_tag_links" ADD CONSTRAINT "subject_tag_links_tag_id_subject_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."subject_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtopics" ADD CONSTRAINT "subtopics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_curriculum_id_curricula_id_fk" FOREIGN KEY ("curriculum_id") REFERENCES "public"."curricula"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_question_id_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "classes_starts_at_idx" ON "classes" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "classes_teacher_id_idx" ON "classes" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "classes_search_idx" ON "classes" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_unique" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "questions_user_id_idx" ON "questions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "questions_created_at_idx" ON "questions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "questions_search_idx" ON "questions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "subtopics_topic_id_idx" ON "subtopics" USING btree ("topic_id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lessons_class_id_idx" ON "lessons" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "lessons_search_idx" ON "lessons" USING gin ("search");--> statement-breakpoint
CREATE INDEX "subjects_search_idx" ON "subjects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "teachers_search_idx" ON "teachers" USING gin ("search");--> statement-breakpoint
-- Search documents whose words live in other tables: kept by triggers, so every writer (seed, teacher
-- screens, admin) keeps them current without knowing about search.
CREATE FUNCTION "lessons_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', concat_ws(' ',
      (SELECT t.name FROM topics t WHERE t.id = NEW.topic_id),
      (SELECT p.name FROM programs p WHERE p.id = NEW.program_id),
      (SELECT s.name FROM subjects s
         WHERE s.id = coalesce((SELECT t.subject_id FROM topics t WHERE t.id = NEW.topic_id),
                               (SELECT p.subject_id FROM programs p WHERE p.id = NEW.program_id))))), 'A')
    || setweight(to_tsvector('english', coalesce(NEW.objective, '')), 'B');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_search_document" BEFORE INSERT OR UPDATE OF "objective", "topic_id", "program_id", "search"
  ON "lessons" FOR EACH ROW EXECUTE FUNCTION "lessons_search_document"();
--> statement-breakpoint
CREATE FUNCTION "topics_touch_lessons"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lessons SET search = NULL WHERE topic_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "topics_touch_lessons" AFTER UPDATE OF "name", "subject_id" ON "topics"
  FOR EACH ROW EXECUTE FUNCTION "topics_touch_lessons"();
--> statement-breakpoint
CREATE FUNCTION "teachers_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(
      (SELECT concat_ws(' ', u.first_name, u.last_name) FROM users u WHERE u.id = NEW.user_id), '')), 'A')
    || setweight(to_tsvector('english', coalesce(
      (SELECT string_agg(s.name, ' ') FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id
        WHERE ts.teacher_id = NEW.id), '')), 'B')
    || setweight(to_tsvector('english', concat_ws(' ', NEW.biography, NEW.current_workplace)), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "teachers_search_document" BEFORE INSERT OR UPDATE ON "teachers"
  FOR EACH ROW EXECUTE FUNCTION "teachers_search_document"();
--> statement-breakpoint
CREATE FUNCTION "teacher_subjects_touch_teacher"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teachers SET search = NULL
    WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.teacher_id ELSE NEW.teacher_id END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "teacher_subjects_touch_teacher" AFTER INSERT OR DELETE ON "teacher_subjects"
  FOR EACH ROW EXECUTE FUNCTION "teacher_subjects_touch_teacher"();
--> statement-breakpoint
CREATE FUNCTION "users_touch_teacher"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE teachers SET search = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_touch_teacher" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_touch_teacher"();
--> statement-breakpoint
UPDATE "lessons" SET "search" = NULL;
--> statement-breakpoint
UPDATE "teachers" SET "search" = NULL;
--> statement-breakpoint
CREATE FUNCTION "questions_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A')
    || setweight(to_tsvector('english', coalesce(NEW.body, '')), 'B')
    || setweight(to_tsvector('english', coalesce((SELECT s.name FROM subjects s WHERE s.id = NEW.subject_id), '')), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "questions_search_document" BEFORE INSERT OR UPDATE OF "title", "body", "subject_id", "search"
  ON "questions" FOR EACH ROW EXECUTE FUNCTION "questions_search_document"();
