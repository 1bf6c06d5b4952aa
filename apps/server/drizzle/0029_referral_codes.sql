-- Issue 18, invite friends: every account but a free-play guest has a referral code, unique per merchant: 8 characters
-- without the look-alikes 0/O, 1/I/L (31 symbols, 31^8 ≈ 8.5e11). A statement trigger gives the accounts an insert
-- makes theirs (register, the operator's user create, the seed, a bulk load alike), drawing again for the rare
-- collision; existing accounts get theirs here.
CREATE OR REPLACE FUNCTION referral_code_new() RETURNS text AS $$
  SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '') FROM generate_series(1, 8)
$$ LANGUAGE sql VOLATILE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION referral_codes_for_users() RETURNS trigger AS $$
DECLARE
  tries int := 0;
  missing int;
BEGIN
  LOOP
    INSERT INTO referral_codes (user_id, merchant_id, code)
    SELECT n.id, n.merchant_id, referral_code_new() FROM new_users n
    WHERE n.account_type <> 4 AND NOT EXISTS (SELECT 1 FROM referral_codes c WHERE c.user_id = n.id)
    ON CONFLICT DO NOTHING;
    SELECT count(*) INTO missing FROM new_users n
    WHERE n.account_type <> 4 AND NOT EXISTS (SELECT 1 FROM referral_codes c WHERE c.user_id = n.id);
    EXIT WHEN missing = 0;
    tries := tries + 1;
    IF tries > 10 THEN RAISE EXCEPTION 'could not draw free referral codes'; END IF;
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_referral_codes AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION referral_codes_for_users();
--> statement-breakpoint
DO $$
DECLARE
  tries int := 0;
BEGIN
  LOOP
    INSERT INTO referral_codes (user_id, merchant_id, code)
    SELECT u.id, u.merchant_id, referral_code_new() FROM users u
    WHERE u.account_type <> 4 AND NOT EXISTS (SELECT 1 FROM referral_codes c WHERE c.user_id = u.id)
    ON CONFLICT DO NOTHING;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM users u WHERE u.account_type <> 4 AND NOT EXISTS (SELECT 1 FROM referral_codes c WHERE c.user_id = u.id));
    tries := tries + 1;
    IF tries > 10 THEN RAISE EXCEPTION 'could not draw free referral codes'; END IF;
  END LOOP;
END $$;
