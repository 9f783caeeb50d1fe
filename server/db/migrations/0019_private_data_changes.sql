-- Private data changed: what a signed-in read answers from memory (server/http/private-cache.ts), and
-- the session lookup it relies on, are read from these tables. A write to one of them tells the
-- listening server processes, after commit, through NOTIFY private_data (payload: the table); a
-- rolled-back write tells nobody. Row-level: a statement that changes no row (a job's UPDATE that
-- finds nothing due, the session sweep) tells nobody either.
--
-- Every table of the schema, except:
-- - sessions, which tell only when a session ends or changes hands (DELETE, TRUNCATE, or an UPDATE
--   of its id, user, CSRF token or "remember"): the sliding expiry (last_seen_at, expires_at,
--   written at most once a minute per session) and new sessions change no cached answer;
-- - rows no signed-in read and no session lookup reads: rate limits, the mail and SMS outboxes, the
--   gateways' sandboxes, one-time tokens and codes, short links.
-- A table added later that a cached read uses needs its trigger in a new migration
-- (tests/server/private-cache.test.ts checks that every table has one or is in this list).
CREATE FUNCTION "notify_private_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('private_data', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema()
      AND tablename NOT IN (
        'sessions', 'rate_limits', 'mail_outbox', 'outbox_messages', 'password_reset_tokens',
        'email_verification_tokens', 'phone_verifications', 'short_links'
      )
      AND tablename NOT LIKE 'sandbox\_%'
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I '
        'FOR EACH ROW EXECUTE FUNCTION "notify_private_data_change"()',
      name || '_private_data_change', name);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER TRUNCATE ON %I '
        'FOR EACH STATEMENT EXECUTE FUNCTION "notify_private_data_change"()',
      name || '_private_data_truncate', name);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_private_data_change" AFTER DELETE OR UPDATE OF "id", "user_id", "csrf_token", "remember"
  ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_private_data_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_private_data_truncate" AFTER TRUNCATE
  ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_private_data_change"();
