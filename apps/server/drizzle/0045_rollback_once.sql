-- Issue 22 (found by the money model, test/money-model.test.ts): a debit rolled back under a second rollback id was
-- refunded a second time. seamless_call as in 0044, and a rollback refunds a debit only when no earlier rollback of
-- it did (under the member lock, as the repeat check above it); a later one answers ok and moves nothing.
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
      IF FOUND AND v_debit.type = 'debit' AND v_debit.journal_entry_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM vendor_transactions r WHERE r.merchant_id = p_merchant AND r.vassalage = p_vassalage
                         AND r.type = 'rollback' AND r.ref_txn_id = p_ref AND r.journal_entry_id IS NOT NULL) THEN
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
