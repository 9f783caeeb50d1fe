-- Public data changed: what the public site shows (server/http/public-cache.ts) is read from these
-- tables. Every statement that writes one of them tells the listening server processes, after
-- commit, through NOTIFY public_data (payload: the table). A rolled-back write tells nobody.
CREATE FUNCTION "notify_public_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('public_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY[
    'users', 'teachers', 'teacher_subjects', 'curricula', 'education_levels', 'grade_levels',
    'subjects', 'grade_level_subjects', 'topics', 'subtopics', 'grade_subject_topics', 'terms',
    'categories', 'subject_tags', 'subject_tag_links', 'programs', 'classes', 'lessons', 'bookings',
    'questions', 'answers', 'answer_votes', 'packages', 'package_features', 'package_feature_values',
    'faqs'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
        'FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_change"()',
      name || '_public_data_change', name);
  END LOOP;
END
$$;
