-- Issue 15: a launch token belongs to the login session it was issued under. Launches from before this migration
-- have no session to belong to: they are ended (a member launches the game again; rounds already debited are
-- still credited, credits need no launch).
DELETE FROM game_sessions;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "session_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_session" ON "game_sessions" USING btree ("session_id");
--> statement-breakpoint
-- Issue 15: a launch token lives only as long as the login session it was issued under (game_sessions.session_id).
-- seamless_call as in 0010, but a debit's launch session is read with its login session in one indexed join: a
-- session that was revoked (logout, a password change) or has expired refuses the debit as an expired launch
-- does ('session_expired', stored and answered with the balance); a locked member is refused under the member's
-- lock as before ('account_locked'). Credits and rollbacks still need no session.
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
  v_game bigint;
  v_key text := 'vendor:' || p_vassalage || ':' || p_txn;
  v_error text;
  v_posted jsonb;
  v_entry bigint;
  v_debit vendor_transactions;
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
    -- One wallet site: games play from the main wallet; with transfer wallets, from the vendor's own.
    v_wallet := ledger_wallet(p_merchant, v_user, CASE WHEN v_single THEN 'MAIN' ELSE p_vassalage END);
    SELECT balance INTO v_balance FROM ledger_accounts WHERE id = v_wallet;
    v_game := ledger_house(p_merchant, 'game', (v_user % p_shards)::smallint);

    IF p_op = 'debit' THEN
      IF v_status <> 'active' THEN
        v_error := 'account_locked';
      ELSIF EXISTS (SELECT 1 FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND type = 'rollback' AND ref_txn_id = p_txn) THEN
        v_error := 'rolled_back';
      ELSIF v_balance < p_amount THEN
        v_error := 'insufficient_balance';
      ELSE
        v_posted := ledger_post(p_merchant, v_key, 'bet', p_vassalage || ' ' || p_round, ARRAY[v_wallet, v_game], ARRAY[-p_amount, p_amount]);
        IF v_posted->>'status' = 'insufficient' THEN
          v_error := 'insufficient_balance';
        ELSE
          v_entry := (v_posted->>'entryId')::bigint;
          v_balance := v_balance - p_amount;
        END IF;
      END IF;
    ELSIF p_op = 'credit' THEN
      IF p_amount > 0 THEN
        v_posted := ledger_post(p_merchant, v_key, 'payout', p_vassalage || ' ' || p_round, ARRAY[v_game, v_wallet], ARRAY[-p_amount, p_amount]);
        v_entry := (v_posted->>'entryId')::bigint;
        v_balance := v_balance + p_amount;
      END IF;
    ELSE
      SELECT * INTO v_debit FROM vendor_transactions WHERE merchant_id = p_merchant AND vassalage = p_vassalage AND txn_id = p_ref;
      -- A refused debit moved nothing; a missing one gets a mark (this rollback) that refuses it later.
      IF FOUND AND v_debit.type = 'debit' AND v_debit.journal_entry_id IS NOT NULL THEN
        v_posted := ledger_post(p_merchant, v_key, 'betRefund', p_vassalage || ' ' || p_round || ' rollback', ARRAY[v_game, v_wallet], ARRAY[-v_debit.amount, v_debit.amount]);
        v_entry := (v_posted->>'entryId')::bigint;
        v_balance := v_balance + v_debit.amount;
      END IF;
    END IF;
    IF v_posted->>'status' = 'kindMismatch' THEN
      RAISE EXCEPTION 'seamless %: ledger key % holds another kind of entry', p_txn, v_key;
    END IF;
  END IF;

  IF v_error IS NULL THEN
    v_answer := jsonb_build_object('ok', true, 'txnId', p_txn, 'balance', v_balance, 'duplicate', false);
  ELSE
    v_answer := seamless_refusal(p_merchant, p_vassalage, p_txn, v_user, v_error);
  END IF;
  INSERT INTO vendor_transactions (merchant_id, vassalage, txn_id, type, user_id, round_id, amount, ref_txn_id, journal_entry_id, response)
  VALUES (p_merchant, p_vassalage, p_txn, p_op, v_user, p_round, CASE WHEN p_op = 'rollback' THEN 0 ELSE p_amount END, p_ref, v_entry, v_answer)
  ON CONFLICT (merchant_id, vassalage, txn_id) DO NOTHING;
  RETURN v_answer;
END $$;
--> statement-breakpoint
-- house_start_round as in 0010 (its commit does not wait for the WAL flush, for the reason given there), now also
-- answering whether the launch is live: its own 4 hours not over, the login session it was issued under neither
-- revoked nor expired, the member's account active. Only a live launch of a solo game takes a nonce. The answer
-- gained a column, so the function is dropped and made again.
DROP FUNCTION IF EXISTS house_start_round(text, timestamptz, text[]);
--> statement-breakpoint
CREATE FUNCTION house_start_round(p_token_hash text, p_now timestamptz, p_games text[])
RETURNS TABLE (user_id bigint, merchant_id integer, live boolean, game_row_id integer, vassalage text, game_id text,
               category text, house_game text, seed_id bigint, server_seed text, server_seed_hash text, client_seed text, nonce integer)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY
  WITH s AS (
    SELECT gs.user_id, gs.merchant_id,
           (gs.expires_at > p_now AND ss.revoked_at IS NULL AND ss.expires_at > p_now AND u.status = 'active') AS live,
           g.id AS game_row_id, g.vassalage, g.game_id, g.category, g.house_game
    FROM game_sessions gs
    JOIN sessions ss ON ss.id = gs.session_id
    JOIN users u ON u.id = gs.user_id
    JOIN games g ON g.id = gs.game_row_id
    WHERE gs.token_hash = p_token_hash),
  n AS (
    UPDATE fair_seeds f SET next_nonce = f.next_nonce + 1 FROM s
    WHERE f.user_id = s.user_id AND f.revealed_at IS NULL AND s.live AND s.house_game = ANY (p_games)
    RETURNING f.id, f.server_seed, f.server_seed_hash, f.client_seed, f.next_nonce - 1 AS nonce)
  SELECT s.user_id, s.merchant_id, s.live, s.game_row_id, s.vassalage, s.game_id, s.category, s.house_game,
         n.id, n.server_seed, n.server_seed_hash, n.client_seed, n.nonce
  FROM s LEFT JOIN n ON true;
END $$;
