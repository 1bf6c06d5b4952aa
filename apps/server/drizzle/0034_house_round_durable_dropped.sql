-- house_round_durable (migration 0032) is replaced by a group commit in the server (db/wal-flush.ts): a round still
-- commits without waiting for the WAL flush, but its connection no longer waits for a flush of its own either; the
-- rounds waiting share one durable one-record commit at a time. The procedure had kept each pooled connection through
-- its own flush, so ten connections meant at most ten rounds per flush (A/B on the same machine: 0.095/0.112 and
-- 0.096/0.089 of pgbench with the procedure, 0.142/0.159 and 0.118/0.108 with the shared flush).
DROP PROCEDURE IF EXISTS house_round_durable(integer, text, bigint, integer, text, text, text, bigint, bigint, bigint, jsonb, bigint, integer, text, timestamptz, integer, jsonb);
