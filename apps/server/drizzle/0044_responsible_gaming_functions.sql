-- Responsible gaming (issue 22; docs/decisions.md, "Responsible gaming"). The checks and the usage counters live in
-- the database so that every money path — seamless_call's bet debits, the lottery's stakes, deposits, set-based
-- settlements — shares one rule and one lock, in the money move's own transaction.
--
-- rg_offset: the test clock (PLAYHALL_TEST_CLOCK=1 only; a server started without it deletes the row).
CREATE OR REPLACE FUNCTION rg_offset() RETURNS interval LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT offset_ms FROM test_clock WHERE id = 1), 0) * interval '1 millisecond'
$$;
--> statement-breakpoint
-- The local start of the calendar period holding a local time: a day from midnight, a week from Monday (ISO), a month
-- from the 1st.
CREATE OR REPLACE FUNCTION rg_period_start(p_period text, p_local timestamp) RETURNS timestamp LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc(p_period, p_local)
$$;
--> statement-breakpoint
-- Why a money move of this member must be refused, or NULL: `p_what` is 'bet' (a stake: break, loss limits),
-- 'deposit' (a deposit asked for: break, deposit limits, open deposits counting as used) or 'transfer' (money into
-- a game wallet: break). Locks the member's rg_members row, so two moves of one member near a limit take turns and
-- the second sees the first's usage. A member without a row costs one primary-key read.
CREATE OR REPLACE FUNCTION rg_refusal(p_user bigint, p_what text, p_amount bigint, p_now timestamptz) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r rg_members;
  v_at timestamptz;
  v_break timestamptz;
  v_tz text;
  v_local timestamp;
  v_kind text := CASE WHEN p_what = 'deposit' THEN 'deposit' ELSE 'loss' END;
  v_reserved bigint := 0;
  v_used bigint;
  lim record;
BEGIN
  SELECT * INTO r FROM rg_members WHERE user_id = p_user FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  v_at := p_now + rg_offset();
  IF r.excluded_until > v_at THEN
    RETURN jsonb_build_object('code', 'rg_self_excluded', 'value', jsonb_build_object('until', r.excluded_until));
  END IF;
  v_break := least(r.break_until, r.break_ends_early_at);
  IF v_break > v_at THEN
    RETURN jsonb_build_object('code', 'rg_on_break', 'value', jsonb_build_object('until', v_break));
  END IF;
  IF p_what = 'transfer' THEN RETURN NULL; END IF;
  SELECT time_zone INTO v_tz FROM merchants WHERE id = r.merchant_id;
  v_local := v_at AT TIME ZONE v_tz;
  IF p_what = 'deposit' THEN
    SELECT coalesce(sum(amount), 0) INTO v_reserved FROM deposits WHERE user_id = p_user AND status IN ('awaitingPayment', 'pendingReview');
  END IF;
  FOR lim IN
    SELECT l.period, CASE WHEN l.pending_at IS NOT NULL AND l.pending_at <= v_at THEN l.pending_amount ELSE l.amount END AS amount,
           rg_period_start(l.period, v_local) AS starts
    FROM rg_limits l WHERE l.user_id = p_user AND l.kind = v_kind
    ORDER BY CASE l.period WHEN 'day' THEN 1 WHEN 'week' THEN 2 ELSE 3 END
  LOOP
    CONTINUE WHEN lim.amount IS NULL;
    SELECT greatest(coalesce(max(u.used), 0), 0) INTO v_used FROM rg_usage u
    WHERE u.user_id = p_user AND u.kind = v_kind AND u.period = lim.period AND u.starts = lim.starts;
    IF v_used + v_reserved + p_amount > lim.amount THEN
      RETURN jsonb_build_object('code', CASE v_kind WHEN 'deposit' THEN 'rg_deposit_limit' ELSE 'rg_loss_limit' END,
        'value', jsonb_build_object('kind', v_kind, 'period', lim.period, 'limit', lim.amount, 'used', v_used + v_reserved,
          'resetsAt', (lim.starts + CASE lim.period WHEN 'day' THEN interval '1 day' WHEN 'week' THEN interval '1 week' ELSE interval '1 month' END) AT TIME ZONE v_tz));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Usage counters: every postings insert (ledger_post, seamless_call, set-based settlements alike) adds, for members
-- with an rg_members row, deposits credited (entry kind deposit) and net loss (bet, payout, betRefund: minus the
-- member side's postings) to the day, week and month holding the entry's time on the responsible-gaming clock.
CREATE OR REPLACE FUNCTION rg_count_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rg_usage (user_id, kind, period, starts, used)
  SELECT x.user_id, x.kind, p.period, rg_period_start(p.period, x.at_local), sum(x.delta)
  FROM (
    SELECT a.user_id, CASE WHEN e.kind = 'deposit' THEN 'deposit' ELSE 'loss' END AS kind,
           CASE WHEN e.kind = 'deposit' THEN n.amount ELSE -n.amount END AS delta,
           (e.created_at + rg_offset()) AT TIME ZONE m.time_zone AS at_local
    FROM new_rows n
    JOIN ledger_accounts a ON a.id = n.account_id AND a.user_id IS NOT NULL
    JOIN rg_members r ON r.user_id = a.user_id
    JOIN journal_entries e ON e.id = n.entry_id AND e.kind IN ('deposit', 'bet', 'payout', 'betRefund')
    JOIN merchants m ON m.id = r.merchant_id
  ) x CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
  GROUP BY 1, 2, 3, 4
  HAVING sum(x.delta) <> 0
  ON CONFLICT (user_id, kind, period, starts) DO UPDATE SET used = rg_usage.used + excluded.used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER postings_rg_usage AFTER INSERT ON postings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rg_count_postings();
--> statement-breakpoint
-- When a member first gets a row, this period's usage so far is read once from the ledger (a limit set mid-month
-- counts the month's deposits and losses already made).
CREATE OR REPLACE FUNCTION rg_backfill(p_user bigint, p_now timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_tz text;
  v_at timestamptz := p_now + rg_offset();
  v_from timestamptz;
BEGIN
  SELECT m.time_zone INTO v_tz FROM users u JOIN merchants m ON m.id = u.merchant_id WHERE u.id = p_user;
  -- The earliest start of the three periods in force (a week may start in the previous month).
  v_from := least(rg_period_start('week', v_at AT TIME ZONE v_tz), rg_period_start('month', v_at AT TIME ZONE v_tz)) AT TIME ZONE v_tz;
  INSERT INTO rg_usage (user_id, kind, period, starts, used)
  SELECT p_user, x.kind, p.period, rg_period_start(p.period, x.at_local), sum(x.delta)
  FROM (
    SELECT CASE WHEN e.kind = 'deposit' THEN 'deposit' ELSE 'loss' END AS kind,
           CASE WHEN e.kind = 'deposit' THEN n.amount ELSE -n.amount END AS delta,
           (e.created_at + rg_offset()) AT TIME ZONE v_tz AS at_local
    FROM ledger_accounts a
    JOIN postings n ON n.account_id = a.id
    JOIN journal_entries e ON e.id = n.entry_id AND e.kind IN ('deposit', 'bet', 'payout', 'betRefund')
    WHERE a.user_id = p_user AND e.created_at >= v_from - rg_offset()
  ) x CROSS JOIN (VALUES ('day'), ('week'), ('month')) AS p(period)
  WHERE rg_period_start(p.period, x.at_local) = rg_period_start(p.period, v_at AT TIME ZONE v_tz)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (user_id, kind, period, starts) DO NOTHING;
END $$;
--> statement-breakpoint
-- seamless_call as in 0026, and a debit of a member on a break or over a loss limit is refused with rg_on_break,
-- rg_loss_limit (or rg_self_excluded); the refusal's answer carries the figures under `rg`.
CREATE OR REPLACE FUNCTION seamless_call(
  p_merchant integer, p_vassalage text, p_op text, p_txn text, p_round text, p_amount bigint,
  p_token_hash text, p_user bigint, p_ref text, p_now timestamptz, p_shards integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
  v_session_merchant integer;
  v_live boolean;
  v_user bigint;
  v_status text;
  v_member_merchant integer;
  v_single boolean;
  v_wallet bigint;
  v_balance bigint;
  v_bonus_acct bigint;
  v_bonus bigint := 0;
  v_part bigint := 0;
  v_took bigint;
  v_staked bigint;
  v_game bigint;
  v_key text := 'vendor:' || p_vassalage || ':' || p_txn;
  v_error text;
  v_posted jsonb;
  v_entry bigint;
  v_debit vendor_transactions;
  v_rg jsonb;
BEGIN
  SELECT response INTO v_answer FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND txn_id = p_txn;
  IF FOUND THEN RETURN v_answer || '{"duplicate": true}'; END IF;

  IF p_op = 'debit' THEN
    SELECT gs.merchant_id, gs.user_id, gs.expires_at > p_now AND s.revoked_at IS NULL AND s.expires_at > p_now
    INTO v_session_merchant, v_user, v_live
    FROM game_sessions gs JOIN sessions s ON s.id = gs.session_id WHERE gs.token_hash = p_token_hash;
    -- A refusal without a member is not stored: there is no one to store it for.
    IF NOT FOUND OR v_session_merchant <> p_merchant THEN
      RETURN seamless_refusal(p_merchant, p_vassalage, p_txn, NULL, 'invalid_session');
    END IF;
    IF NOT v_live THEN v_error := 'session_expired'; END IF;
  ELSE
    IF p_user IS NULL THEN RETURN seamless_refusal(p_merchant, p_vassalage, p_txn, NULL, 'not_found'); END IF;
    v_user := p_user;
  END IF;

  IF v_error IS NULL THEN
    SELECT u.status, u.merchant_id, m.single_wallet INTO v_status, v_member_merchant, v_single
    FROM users u JOIN merchants m ON m.id = u.merchant_id WHERE u.id = v_user FOR UPDATE OF u;
    IF NOT FOUND OR v_member_merchant <> p_merchant THEN
      RETURN seamless_refusal(p_merchant, p_vassalage, p_txn, NULL, 'not_found');
    END IF;
    -- Under the member's lock: a concurrent twin may have committed meanwhile.
    SELECT response INTO v_answer FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND txn_id = p_txn;
    IF FOUND THEN RETURN v_answer || '{"duplicate": true}'; END IF;
    -- One wallet site: games play from the main wallet (and the bonus wallet); with transfer wallets, from the vendor's own.
    v_wallet := ledger_wallet(p_merchant, v_user, CASE WHEN v_single THEN 'MAIN' ELSE p_vassalage END);
    SELECT a.balance, b.id, coalesce(b.balance, 0) INTO v_balance, v_bonus_acct, v_bonus
    FROM ledger_accounts a
    LEFT JOIN ledger_accounts b ON v_single AND b.merchant_id = p_merchant AND b.user_id = v_user AND b.wallet = 'BONUS'
    WHERE a.id = v_wallet;
    v_game := ledger_house(p_merchant, 'game', (v_user % p_shards)::smallint);

    IF p_op = 'debit' THEN
      -- Responsible gaming (0044): one read of the member's rg_members row; a break or a loss limit refuses.
      IF v_status = 'active' THEN v_rg := rg_refusal(v_user, 'bet', p_amount, p_now); END IF;
      IF v_status <> 'active' THEN
        v_error := 'account_locked';
      ELSIF v_rg IS NOT NULL THEN
        v_error := v_rg->>'code';
      ELSIF EXISTS (SELECT 1 FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND type = 'rollback' AND ref_txn_id = p_txn) THEN
        v_error := 'rolled_back';
      ELSIF v_balance + v_bonus < p_amount THEN
        v_error := 'insufficient_balance';
      ELSE
        IF v_balance >= p_amount THEN
          v_posted := ledger_post(p_merchant, v_key, 'bet', p_vassalage || ' ' || p_round, ARRAY[v_wallet, v_game], ARRAY[-p_amount, p_amount]);
        ELSE
          -- Cash first, then bonus (splitStake).
          v_part := p_amount - v_balance;
          IF v_balance > 0 THEN
            v_posted := ledger_post(p_merchant, v_key, 'bet', p_vassalage || ' ' || p_round, ARRAY[v_wallet, v_bonus_acct, v_game], ARRAY[-v_balance, -v_part, p_amount]);
          ELSE
            v_posted := ledger_post(p_merchant, v_key, 'bet', p_vassalage || ' ' || p_round, ARRAY[v_bonus_acct, v_game], ARRAY[-p_amount, p_amount]);
          END IF;
        END IF;
        IF v_posted->>'status' = 'insufficient' THEN
          v_error := 'insufficient_balance';
          v_part := 0;
        ELSE
          v_entry := (v_posted->>'entryId')::bigint;
          v_bonus := v_bonus - v_part;
          v_balance := v_balance - (p_amount - v_part);
        END IF;
      END IF;
    ELSIF p_op = 'credit' THEN
      IF p_amount > 0 THEN
        IF v_bonus_acct IS NOT NULL THEN
          -- splitWin: the bonus wallet's part in the proportion the round's debits took from it, while a bonus is open.
          SELECT coalesce(sum(t.bonus_amount), 0), coalesce(sum(t.amount), 0) INTO v_took, v_staked FROM vendor_transactions t
          WHERE t.round_id = p_round AND t.merchant_id = p_merchant AND t.vassalage = p_vassalage AND t.type = 'debit'
            AND t.user_id = v_user AND t.journal_entry_id IS NOT NULL;
          IF v_took > 0 AND EXISTS (SELECT 1 FROM member_rewards r WHERE r.user_id = v_user AND r.bonus_status = 'open') THEN
            v_part := (p_amount * v_took) / v_staked;
          END IF;
        END IF;
        IF v_part = 0 THEN
          v_posted := ledger_post(p_merchant, v_key, 'payout', p_vassalage || ' ' || p_round, ARRAY[v_game, v_wallet], ARRAY[-p_amount, p_amount]);
        ELSIF v_part = p_amount THEN
          v_posted := ledger_post(p_merchant, v_key, 'payout', p_vassalage || ' ' || p_round, ARRAY[v_game, v_bonus_acct], ARRAY[-p_amount, p_amount]);
        ELSE
          v_posted := ledger_post(p_merchant, v_key, 'payout', p_vassalage || ' ' || p_round, ARRAY[v_game, v_wallet, v_bonus_acct], ARRAY[-p_amount, p_amount - v_part, v_part]);
        END IF;
        v_entry := (v_posted->>'entryId')::bigint;
        v_balance := v_balance + (p_amount - v_part);
        v_bonus := v_bonus + v_part;
      END IF;
    ELSE
      SELECT * INTO v_debit FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND txn_id = p_ref;
      -- A refused debit moved nothing; a missing one gets a mark (this rollback) that refuses it later.
      IF FOUND AND v_debit.type = 'debit' AND v_debit.journal_entry_id IS NOT NULL THEN
        IF v_debit.bonus_amount > 0 AND v_bonus_acct IS NOT NULL
           AND EXISTS (SELECT 1 FROM member_rewards r WHERE r.user_id = v_user AND r.bonus_status = 'open') THEN
          v_part := v_debit.bonus_amount;
        END IF;
        IF v_part = 0 THEN
          v_posted := ledger_post(p_merchant, v_key, 'betRefund', p_vassalage || ' ' || p_round || ' rollback', ARRAY[v_game, v_wallet], ARRAY[-v_debit.amount, v_debit.amount]);
        ELSIF v_part = v_debit.amount THEN
          v_posted := ledger_post(p_merchant, v_key, 'betRefund', p_vassalage || ' ' || p_round || ' rollback', ARRAY[v_game, v_bonus_acct], ARRAY[-v_debit.amount, v_debit.amount]);
        ELSE
          v_posted := ledger_post(p_merchant, v_key, 'betRefund', p_vassalage || ' ' || p_round || ' rollback', ARRAY[v_game, v_wallet, v_bonus_acct],
                                  ARRAY[-v_debit.amount, v_debit.amount - v_part, v_part]);
        END IF;
        v_entry := (v_posted->>'entryId')::bigint;
        v_balance := v_balance + (v_debit.amount - v_part);
        v_bonus := v_bonus + v_part;
      END IF;
    END IF;
    IF v_posted->>'status' = 'kindMismatch' THEN
      RAISE EXCEPTION 'seamless %: ledger key % holds another kind of entry', p_txn, v_key;
    END IF;
  END IF;

  IF v_error IS NULL THEN
    v_answer := jsonb_build_object('ok', true, 'txnId', p_txn, 'balance', v_balance + v_bonus, 'duplicate', false);
  ELSE
    v_answer := seamless_refusal(p_merchant, p_vassalage, p_txn, v_user, v_error);
    IF v_rg IS NOT NULL THEN v_answer := v_answer || jsonb_build_object('rg', v_rg->'value'); END IF;
  END IF;
  INSERT INTO vendor_transactions (merchant_id, vassalage, txn_id, type, user_id, round_id, amount, bonus_amount, ref_txn_id, journal_entry_id, response)
  VALUES (p_merchant, p_vassalage, p_txn, p_op, v_user, p_round, CASE WHEN p_op = 'rollback' THEN 0 ELSE p_amount END, v_part, p_ref, v_entry, v_answer)
  ON CONFLICT (merchant_id, vassalage, txn_id) DO NOTHING;
  RETURN v_answer;
END $$;
