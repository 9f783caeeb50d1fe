-- Issue 24 "plans": the data update that goes with the schema change (packages' entitlements,
-- plan_usages). The demo plans give what checkout applies, and nothing unbuilt is promised.
UPDATE packages SET included_lessons = 2, lesson_cap_cents = 60000, discount_percent = 10 WHERE slug = 'basic';
UPDATE packages SET included_lessons = 4, lesson_cap_cents = 100000, discount_percent = 15 WHERE slug = 'standard';
UPDATE packages SET included_lessons = 6, lesson_cap_cents = 160000, discount_percent = 20 WHERE slug = 'premium';
DELETE FROM package_features WHERE slug IN (
  'live-lessons-per-month', 'questions-to-teachers', 'lesson-recordings', 'notes-and-assignments',
  'progress-reports', 'kcse-and-kpsea-past-papers');
INSERT INTO package_features (name, slug, position) VALUES
  ('Lessons included each month', 'lessons-included-each-month', 0),
  ('Price of an included lesson', 'price-of-an-included-lesson', 1),
  ('Off every other lesson', 'off-every-other-lesson', 2)
ON CONFLICT (slug) DO NOTHING;
INSERT INTO package_feature_values (package_id, feature_id, value, display_value)
SELECT p.id, f.id, v.value, v.value
FROM (VALUES
  ('basic', 'lessons-included-each-month', '2'), ('basic', 'price-of-an-included-lesson', 'Up to KES 600'),
  ('basic', 'off-every-other-lesson', '10%'),
  ('standard', 'lessons-included-each-month', '4'), ('standard', 'price-of-an-included-lesson', 'Up to KES 1,000'),
  ('standard', 'off-every-other-lesson', '15%'),
  ('premium', 'lessons-included-each-month', '6'), ('premium', 'price-of-an-included-lesson', 'Up to KES 1,600'),
  ('premium', 'off-every-other-lesson', '20%')
) AS v(plan, feature, value)
JOIN packages p ON p.slug = v.plan
JOIN package_features f ON f.slug = v.feature
ON CONFLICT DO NOTHING;
