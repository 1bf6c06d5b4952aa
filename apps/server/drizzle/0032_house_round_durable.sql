-- A house round's locks are released at its commit, not after the WAL flush (issue 14). Spins waited on the WAL
-- flush (LWLock:WALWrite and IO:WALSync in pg_stat_activity) and, behind it, on rows another round held through
-- its own flush (Lock:transactionid on the member and the house shard). house_round_durable commits the round
-- without waiting for the flush, so the member's row and the shard are free at once, then commits a one-record
-- transaction that does wait: WAL is flushed in order, so when that commit is durable so is the round (and the
-- start of the spin, house_start_round, committed before it). The caller answers only after the CALL returns, so
-- no round is answered before it is durable. What another connection may do meanwhile is read the round before it
-- is durable (a balance): an OS crash in that millisecond would take back a round nobody was answered about. Any
-- write that follows the round (the member's next spin, a transfer) commits later in the WAL and so flushes it too.
-- A procedure (CALL), because a function cannot commit; pg_logical_emit_message(true, …) writes the one WAL
-- record the second transaction needs to wait for its flush (it needs no table and no lock, at any wal_level).
CREATE OR REPLACE PROCEDURE house_round_durable(
  p_merchant integer, p_round_id text, p_user bigint, p_game_row integer, p_category text, p_vassalage text, p_game_id text,
  p_bet bigint, p_valid bigint, p_payout bigint, p_detail jsonb, p_seed bigint, p_nonce integer, p_token_hash text,
  p_now timestamptz, p_shards integer, INOUT r jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  r := house_round(p_merchant, p_round_id, p_user, p_game_row, p_category, p_vassalage, p_game_id, p_bet, p_valid, p_payout,
                   p_detail, p_seed, p_nonce, p_token_hash, p_now, p_shards);
  COMMIT;
  -- A new transaction: synchronous_commit is on again (set_config's local value ended with the commit above).
  PERFORM pg_logical_emit_message(true, 'playhall', 'house round flushed');
END $$;
