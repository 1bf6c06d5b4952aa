-- Issue 17: a member's bonus wallet (account kind 'bonus') and points account (kind 'points') are not cash. The
-- team figures' `net` (summed, the team's balance) and deposit and withdrawal count the member's wallets only, as
-- before; `bonus` counts bonus entries on the wallets and on the bonus wallet: a bonus counts when it is granted
-- (also into the bonus wallet), its conversion to cash moves nothing between the member's accounts, and a
-- forfeiture gives it back — as the agents' dividend base counts bonuses (settlement.service.ts). Points never
-- enter the figures. team_rollup_postings as in 0013 otherwise (and without JIT, as 0022 set it).
CREATE OR REPLACE FUNCTION team_rollup_postings() RETURNS trigger AS $$
BEGIN
  INSERT INTO team_rollup_queue (user_id, at, deposit, withdrawal, bonus, net)
  SELECT user_id, at,
    coalesce(sum(amount) FILTER (WHERE account_kind = 'wallet' AND entry_kind = 'deposit'), 0),
    coalesce(sum(amount) FILTER (WHERE account_kind = 'wallet' AND entry_kind = 'withdrawal'), 0),
    coalesce(sum(amount) FILTER (WHERE entry_kind = 'bonus'), 0),
    coalesce(sum(amount) FILTER (WHERE account_kind = 'wallet'), 0)
  FROM (SELECT n.amount, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01') AS at,
               (SELECT a.user_id FROM ledger_accounts a WHERE a.id = n.account_id) AS user_id,
               (SELECT a.kind FROM ledger_accounts a WHERE a.id = n.account_id) AS account_kind,
               (SELECT e.kind FROM journal_entries e WHERE e.id = n.entry_id) AS entry_kind
        FROM new_rows n) p
  WHERE user_id IS NOT NULL AND account_kind IN ('wallet', 'bonus')
  GROUP BY user_id, at
  -- A transfer between a member's own wallets changes none of the figures: nothing to queue.
  HAVING coalesce(sum(amount) FILTER (WHERE account_kind = 'wallet'), 0) <> 0
      OR bool_or(entry_kind = 'bonus' OR (account_kind = 'wallet' AND entry_kind IN ('deposit', 'withdrawal')));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql SET jit = off;
