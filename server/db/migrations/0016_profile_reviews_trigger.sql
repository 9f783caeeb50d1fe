-- Issue 25 (profile): a teacher's reviews are public data (their rating on every card, the
-- profile's reviews), so a write to them drops the public answers like the tables of 0006 do.
CREATE TRIGGER "reviews_public_data_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_public_data_change"();
