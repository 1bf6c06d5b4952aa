-- Responsible gaming's usage trigger (0044) runs after every postings insert of every member. Most members have no
-- responsible-gaming settings: a first, cheap test (the statement's accounts against rg_members, by primary keys)
-- ends it for them, before the joins and the grouping. Measured with EXPLAIN ANALYZE on a two-posting insert:
-- about 50 µs before, 20 µs after (an empty trigger costs 7 µs); members with settings pay the full count as before.
CREATE OR REPLACE FUNCTION rg_count_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN ledger_accounts a ON a.id = n.account_id JOIN rg_members r ON r.user_id = a.user_id) THEN
    RETURN NULL;
  END IF;
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
