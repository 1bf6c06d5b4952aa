-- The ledger's hot paths as functions the migrations own (issue 14): a posting, a wallet transfer and a
-- seamless-wallet call are each one round trip instead of ten to twenty, with the same rules the
-- TypeScript ledger had (modules/ledger/ledger.service.ts documents them; docs/decisions.md, performance).

-- A member's wallet account (MAIN or a vendor code), made on first use.
CREATE OR REPLACE FUNCTION ledger_wallet(p_merchant integer, p_user bigint, p_wallet text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE merchant_id = p_merchant AND user_id = p_user AND wallet = p_wallet;
  IF FOUND THEN RETURN v_id; END IF;
  INSERT INTO ledger_accounts (merchant_id, user_id, kind, wallet) VALUES (p_merchant, p_user, 'wallet', p_wallet)
  ON CONFLICT (merchant_id, user_id, wallet) WHERE user_id IS NOT NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE merchant_id = p_merchant AND user_id = p_user AND wallet = p_wallet;
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

-- The same with its balance (a query around ledger_wallet would not see the row the call inserted).
CREATE OR REPLACE FUNCTION ledger_wallet_balance(p_merchant integer, p_user bigint, p_wallet text, OUT id bigint, OUT balance bigint)
LANGUAGE plpgsql AS $$
BEGIN
  id := ledger_wallet(p_merchant, p_user, p_wallet);
  SELECT a.balance INTO balance FROM ledger_accounts a WHERE a.id = ledger_wallet_balance.id;
END $$;
--> statement-breakpoint

-- A house account, or one shard of a busy one, made on first use.
CREATE OR REPLACE FUNCTION ledger_house(p_merchant integer, p_kind text, p_shard smallint) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  SELECT id INTO v_id FROM ledger_accounts WHERE merchant_id = p_merchant AND kind = p_kind AND shard = p_shard AND user_id IS NULL;
  IF FOUND THEN RETURN v_id; END IF;
  INSERT INTO ledger_accounts (merchant_id, kind, shard) VALUES (p_merchant, p_kind, p_shard)
  ON CONFLICT (merchant_id, kind, shard) WHERE user_id IS NULL DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    SELECT id INTO v_id FROM ledger_accounts WHERE merchant_id = p_merchant AND kind = p_kind AND shard = p_shard AND user_id IS NULL;
  END IF;
  RETURN v_id;
END $$;
--> statement-breakpoint

-- The first result of an entry, for a retry under its key.
CREATE OR REPLACE FUNCTION ledger_replay(p_entry journal_entries, p_kind text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_entry.kind <> p_kind THEN jsonb_build_object('status', 'kindMismatch')
  ELSE jsonb_build_object(
    'status', 'replayed', 'entryId', p_entry.id, 'kind', p_entry.kind, 'createdAt', p_entry.created_at,
    'postings', (SELECT coalesce(jsonb_agg(jsonb_build_object('accountId', account_id, 'amount', amount, 'balanceAfter', balance_after) ORDER BY id), '[]')
                 FROM postings WHERE entry_id = p_entry.id))
  END
$$;
--> statement-breakpoint

-- Posts an entry: accounts locked in id order (two entries never deadlock); a key posted before answers with
-- its first result and moves nothing; a member wallet never goes below zero ('insufficient', nothing written);
-- otherwise the entry, the balance updates and the postings, in the caller's transaction. The caller checks
-- that amounts are non-zero, within limits and sum to zero; an account may appear once.
CREATE OR REPLACE FUNCTION ledger_post(p_merchant integer, p_key text, p_kind text, p_memo text, p_accounts bigint[], p_amounts bigint[])
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_entry journal_entries;
BEGIN
  IF cardinality(p_accounts) <> cardinality(p_amounts) OR cardinality(p_accounts) < 2
     OR (SELECT count(DISTINCT a) FROM unnest(p_accounts) a) <> cardinality(p_accounts)
     OR (SELECT sum(x) FROM unnest(p_amounts) x) <> 0 THEN
    RAISE EXCEPTION 'ledger_post %: postings must name distinct accounts and sum to zero', p_key;
  END IF;
  PERFORM 1 FROM ledger_accounts WHERE id = ANY (p_accounts) ORDER BY id FOR UPDATE;
  SELECT * INTO v_entry FROM journal_entries WHERE merchant_id = p_merchant AND key = p_key;
  IF FOUND THEN RETURN ledger_replay(v_entry, p_kind); END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_accounts, p_amounts) AS p(account_id, amount) JOIN ledger_accounts a ON a.id = p.account_id
             WHERE a.user_id IS NOT NULL AND a.balance + p.amount < 0) THEN
    RETURN jsonb_build_object('status', 'insufficient');
  END IF;
  INSERT INTO journal_entries (merchant_id, key, kind, memo) VALUES (p_merchant, p_key, p_kind, p_memo)
  ON CONFLICT (merchant_id, key) DO NOTHING RETURNING * INTO v_entry;
  IF v_entry.id IS NULL THEN
    -- A twin on other accounts committed the key meanwhile.
    SELECT * INTO v_entry FROM journal_entries WHERE merchant_id = p_merchant AND key = p_key;
    RETURN ledger_replay(v_entry, p_kind);
  END IF;
  WITH moved AS (
    UPDATE ledger_accounts a SET balance = a.balance + p.amount
    FROM unnest(p_accounts, p_amounts) AS p(account_id, amount)
    WHERE a.id = p.account_id
    RETURNING a.id AS moved_account, p.amount AS moved_amount, a.balance AS moved_balance
  )
  INSERT INTO postings (entry_id, account_id, amount, balance_after)
  SELECT v_entry.id, m.moved_account, m.moved_amount, m.moved_balance FROM moved m ORDER BY m.moved_account;
  RETURN jsonb_build_object(
    'status', 'posted', 'entryId', v_entry.id, 'kind', v_entry.kind, 'createdAt', v_entry.created_at,
    'postings', (SELECT jsonb_agg(jsonb_build_object('accountId', account_id, 'amount', amount, 'balanceAfter', balance_after) ORDER BY account_id)
                 FROM postings WHERE entry_id = v_entry.id));
END $$;
--> statement-breakpoint

-- GCS_walletTransfer between the main wallet and a vendor's transfer wallet: both accounts made on first use,
-- the entry posted, and the member's wallets and held withdrawals read back, in one call.
CREATE OR REPLACE FUNCTION wallet_vendor_transfer(p_merchant integer, p_user bigint, p_key text, p_from text, p_to text, p_amount bigint)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_from bigint := ledger_wallet(p_merchant, p_user, p_from);
  v_to bigint := ledger_wallet(p_merchant, p_user, p_to);
  v_posted jsonb;
BEGIN
  v_posted := ledger_post(p_merchant, p_key, 'vendorTransfer', NULL, ARRAY[v_from, v_to], ARRAY[-p_amount, p_amount]);
  RETURN jsonb_build_object(
    'status', v_posted->>'status',
    'wallets', (SELECT coalesce(jsonb_agg(jsonb_build_object('wallet', wallet, 'balance', balance) ORDER BY id), '[]')
                FROM ledger_accounts WHERE merchant_id = p_merchant AND user_id = p_user),
    'held', (SELECT coalesce(sum(amount + fee), 0) FROM withdrawals WHERE user_id = p_user AND status = 'pending'));
END $$;
--> statement-breakpoint

-- Several transfers of one server's queue in one transaction (modules/wallet/transfer-batch.ts): taken in
-- member order, so two batches lock members' wallets in the same order and never deadlock, and answered in
-- the order given. One commit carries them all: what a member's wallet row waits for is no longer a commit
-- per transfer.
CREATE OR REPLACE FUNCTION wallet_vendor_transfers(p_merchant integer, p_items jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_results jsonb[] := array_fill(NULL::jsonb, ARRAY[jsonb_array_length(p_items)]);
BEGIN
  FOR v_item IN
    SELECT value AS t, ordinality AS n FROM jsonb_array_elements(p_items) WITH ORDINALITY
    ORDER BY (value->>'user')::bigint, ordinality
  LOOP
    v_results[v_item.n] := wallet_vendor_transfer(p_merchant, (v_item.t->>'user')::bigint, v_item.t->>'key', v_item.t->>'from',
                                                  v_item.t->>'to', (v_item.t->>'amount')::bigint);
  END LOOP;
  RETURN to_jsonb(v_results);
END $$;
--> statement-breakpoint

-- A refusal of a seamless call: the answer with the member's balance where there is a member.
CREATE OR REPLACE FUNCTION seamless_refusal(p_merchant integer, p_vassalage text, p_txn text, p_user bigint, p_error text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_single boolean;
  v_balance bigint;
BEGIN
  IF p_user IS NOT NULL THEN
    SELECT m.single_wallet INTO v_single FROM users u JOIN merchants m ON m.id = u.merchant_id WHERE u.id = p_user;
    IF FOUND THEN
      SELECT balance INTO v_balance FROM ledger_accounts
      WHERE id = ledger_wallet(p_merchant, p_user, CASE WHEN v_single THEN 'MAIN' ELSE p_vassalage END);
    END IF;
  END IF;
  RETURN jsonb_build_object('ok', false, 'txnId', p_txn, 'error', p_error, 'balance', v_balance, 'duplicate', false);
END $$;
--> statement-breakpoint

-- One seamless-wallet call (modules/seamless/seamless.service.ts states the protocol): a repeated transaction id
-- answers with the stored first answer; debits need a live launch session, credits and rollbacks never do; the
-- member's row is locked so one call per member decides on committed state; a rollback that came before its
-- debit refuses the debit. Bets and payouts post against the shard of the house game account that the member's
-- id picks, so unrelated members never wait on one house row. The answer is stored under the transaction id.
CREATE OR REPLACE FUNCTION seamless_call(
  p_merchant integer, p_vassalage text, p_op text, p_txn text, p_round text, p_amount bigint,
  p_token_hash text, p_user bigint, p_ref text, p_now timestamptz, p_shards integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
  v_session game_sessions;
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
    SELECT * INTO v_session FROM game_sessions WHERE token_hash = p_token_hash;
    -- A refusal without a member is not stored: there is no one to store it for.
    IF NOT FOUND OR v_session.merchant_id <> p_merchant THEN
      RETURN seamless_refusal(p_merchant, p_vassalage, p_txn, NULL, 'invalid_session');
    END IF;
    v_user := v_session.user_id;
    IF v_session.expires_at <= p_now THEN v_error := 'session_expired'; END IF;
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

-- A solo round's start (modules/house/house.service.ts): the launch session with its game and, when the game is one
-- of p_games and the session is live, the next nonce of the member's current seed, taken atomically so two
-- concurrent rounds never share one. No seed row yet: the seed columns are null and the caller makes one.
-- Its commit does not wait for the WAL flush: a round that uses the nonce is stored by house_round, whose
-- durable commit comes later in the WAL and so flushes this one too; a nonce lost in a crash was never used
-- by a stored round, and nothing was shown for it. One flush per spin instead of two.
CREATE OR REPLACE FUNCTION house_start_round(p_token_hash text, p_now timestamptz, p_games text[])
RETURNS TABLE (user_id bigint, merchant_id integer, expires_at timestamptz, game_row_id integer, vassalage text, game_id text,
               category text, house_game text, seed_id bigint, server_seed text, server_seed_hash text, client_seed text, nonce integer)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN QUERY
  WITH s AS (
    SELECT gs.user_id, gs.merchant_id, gs.expires_at, g.id AS game_row_id, g.vassalage, g.game_id, g.category, g.house_game
    FROM game_sessions gs JOIN games g ON g.id = gs.game_row_id WHERE gs.token_hash = p_token_hash),
  n AS (
    UPDATE fair_seeds f SET next_nonce = f.next_nonce + 1 FROM s
    WHERE f.user_id = s.user_id AND f.revealed_at IS NULL AND s.expires_at > p_now AND s.house_game = ANY (p_games)
    RETURNING f.id, f.server_seed, f.server_seed_hash, f.client_seed, f.next_nonce - 1 AS nonce)
  SELECT s.user_id, s.merchant_id, s.expires_at, s.game_row_id, s.vassalage, s.game_id, s.category, s.house_game,
         n.id, n.server_seed, n.server_seed_hash, n.client_seed, n.nonce
  FROM s LEFT JOIN n ON true;
END $$;
--> statement-breakpoint

-- A solo house round (modules/house/house.service.ts): its stake debited and its payout credited through
-- seamless_call exactly as a vendor's calls are, and the round stored settled (or void when the debit is
-- refused), all in one transaction: nothing of it exists until all of it does. Answers with the last seamless
-- answer.
CREATE OR REPLACE FUNCTION house_round(
  p_merchant integer, p_round_id text, p_user bigint, p_game_row integer, p_category text, p_vassalage text, p_game_id text,
  p_bet bigint, p_valid bigint, p_payout bigint, p_detail jsonb, p_seed bigint, p_nonce integer, p_token_hash text,
  p_now timestamptz, p_shards integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_answer jsonb;
  v_ok boolean;
BEGIN
  v_answer := seamless_call(p_merchant, p_vassalage, 'debit', p_round_id || ':debit', p_round_id, p_bet, p_token_hash, NULL, NULL, p_now, p_shards);
  v_ok := (v_answer->>'ok')::boolean;
  IF v_ok THEN
    v_answer := seamless_call(p_merchant, p_vassalage, 'credit', p_round_id || ':credit', p_round_id, p_payout, NULL, p_user, NULL, p_now, p_shards);
    -- A credit is refused only for a call that cannot be (no member, a bad amount): then nothing happened.
    IF NOT (v_answer->>'ok')::boolean THEN RAISE EXCEPTION 'house round %: credit refused: %', p_round_id, v_answer; END IF;
  END IF;
  INSERT INTO game_rounds (merchant_id, round_id, user_id, game_row_id, category, vassalage, game_id, bet_amount, valid_bet, payout, status, detail, fair_seed_id, nonce, settled_at)
  VALUES (p_merchant, p_round_id, p_user, p_game_row, p_category, p_vassalage, p_game_id, p_bet, p_valid, p_payout,
          CASE WHEN v_ok THEN 'settled' ELSE 'void' END, p_detail, p_seed, p_nonce, p_now);
  RETURN v_answer;
END $$;
