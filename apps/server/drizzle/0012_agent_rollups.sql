CREATE TABLE "member_days" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"win_loss" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_days" (
	"agent_id" bigint NOT NULL,
	"day" date NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"win_loss" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "team_days_agent_id_day_pk" PRIMARY KEY("agent_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_rollup_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"bet_amount" bigint DEFAULT 0 NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"win_loss" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"withdrawal" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "member_days_day" ON "member_days" USING btree ("day","user_id","valid_bet");--> statement-breakpoint
CREATE INDEX "users_upline_type" ON "users" USING btree ("upline_id","type");--> statement-breakpoint
-- Team rollups (docs/decisions.md, agent rollups): every change to what the team pages add up is queued, in the
-- transaction that makes it, as the delta it brings (new contribution minus old), dated by the instant that
-- places it on a day (a bet's time, a posting's, a registration's). The rollup takes queued rows and adds them
-- to member_days and team_days in one transaction, so each delta counts once however late it arrives.
-- What one bet adds to the team figures (as the team pages count it): the stake unless void; valid bet, payout and
-- win/loss (payout − stake) once settled.
CREATE OR REPLACE FUNCTION team_bet_figures(status text, stake bigint, valid bigint, payout bigint, OUT bet bigint, OUT valid_bet bigint, OUT pay bigint, OUT win_loss bigint)
AS $$
  SELECT CASE WHEN status <> 'void' THEN stake ELSE 0 END,
         CASE WHEN status = 'settled' THEN valid ELSE 0 END,
         CASE WHEN status = 'settled' THEN payout ELSE 0 END,
         CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- A lottery ticket won or lost is settled, its stake the valid bet.
CREATE OR REPLACE FUNCTION team_ticket_figures(status text, stake bigint, payout bigint, OUT bet bigint, OUT valid_bet bigint, OUT pay bigint, OUT win_loss bigint)
AS $$
  SELECT * FROM team_bet_figures(CASE WHEN status IN ('won', 'lost') THEN 'settled' WHEN status = 'void' THEN 'void' ELSE 'open' END, stake, stake, coalesce(payout, 0))
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Bets queue their new figures minus their old ones (a settle, a void), dated by the bet's time.
CREATE OR REPLACE FUNCTION team_rollup_rounds() RETURNS trigger AS $$
BEGIN
  -- A transition table exists only for the events that have it: one statement per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT n.user_id, n.created_at, sum(f.bet), sum(f.valid_bet), sum(f.pay), sum(f.win_loss)
    FROM new_rows n, team_bet_figures(n.status, n.bet_amount, n.valid_bet, n.payout) f GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT user_id, at, sum(bet), sum(valid_bet), sum(pay), sum(win_loss) FROM (
      SELECT n.user_id, n.created_at AS at, f.bet, f.valid_bet, f.pay, f.win_loss FROM new_rows n, team_bet_figures(n.status, n.bet_amount, n.valid_bet, n.payout) f
      UNION ALL
      SELECT o.user_id, o.created_at, -f.bet, -f.valid_bet, -f.pay, -f.win_loss FROM old_rows o, team_bet_figures(o.status, o.bet_amount, o.valid_bet, o.payout) f
    ) c GROUP BY 1, 2
    HAVING sum(bet) <> 0 OR sum(valid_bet) <> 0 OR sum(pay) <> 0 OR sum(win_loss) <> 0;
  ELSE
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT o.user_id, o.created_at, -sum(f.bet), -sum(f.valid_bet), -sum(f.pay), -sum(f.win_loss)
    FROM old_rows o, team_bet_figures(o.status, o.bet_amount, o.valid_bet, o.payout) f GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_rollup_tickets() RETURNS trigger AS $$
BEGIN
  -- A transition table exists only for the events that have it: one statement per event.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT n.user_id, n.created_at, sum(f.bet), sum(f.valid_bet), sum(f.pay), sum(f.win_loss)
    FROM new_rows n, team_ticket_figures(n.status, n.amount, n.payout) f GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT user_id, at, sum(bet), sum(valid_bet), sum(pay), sum(win_loss) FROM (
      SELECT n.user_id, n.created_at AS at, f.bet, f.valid_bet, f.pay, f.win_loss FROM new_rows n, team_ticket_figures(n.status, n.amount, n.payout) f
      UNION ALL
      SELECT o.user_id, o.created_at, -f.bet, -f.valid_bet, -f.pay, -f.win_loss FROM old_rows o, team_ticket_figures(o.status, o.amount, o.payout) f
    ) c GROUP BY 1, 2
    HAVING sum(bet) <> 0 OR sum(valid_bet) <> 0 OR sum(pay) <> 0 OR sum(win_loss) <> 0;
  ELSE
    INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
    SELECT o.user_id, o.created_at, -sum(f.bet), -sum(f.valid_bet), -sum(f.pay), -sum(f.win_loss)
    FROM old_rows o, team_ticket_figures(o.status, o.amount, o.payout) f GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Postings are append-only: a member account's postings are its balance (net) and, on its wallets, the deposit,
-- withdrawal and bonus figures by their entry's kind.
CREATE OR REPLACE FUNCTION team_rollup_postings() RETURNS trigger AS $$
BEGIN
  INSERT INTO team_rollup_queue (user_id, at, deposit, withdrawal, bonus, net)
  SELECT a.user_id, n.created_at,
    coalesce(sum(n.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'deposit'), 0),
    coalesce(sum(n.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'withdrawal'), 0),
    coalesce(sum(n.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'bonus'), 0),
    sum(n.amount)
  FROM new_rows n JOIN ledger_accounts a ON a.id = n.account_id JOIN journal_entries e ON e.id = n.entry_id
  WHERE a.user_id IS NOT NULL
  GROUP BY a.user_id, n.created_at;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION team_rollup_users() RETURNS trigger AS $$
BEGIN
  INSERT INTO team_rollup_queue (user_id, at, registered) SELECT n.id, n.created_at, 1 FROM new_rows n;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER game_rounds_rollup_insert AFTER INSERT ON game_rounds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_rounds();
--> statement-breakpoint
CREATE TRIGGER game_rounds_rollup_update AFTER UPDATE ON game_rounds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_rounds();
--> statement-breakpoint
CREATE TRIGGER game_rounds_rollup_delete AFTER DELETE ON game_rounds REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_rounds();
--> statement-breakpoint
CREATE TRIGGER lottery_tickets_rollup_insert AFTER INSERT ON lottery_tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_tickets();
--> statement-breakpoint
CREATE TRIGGER lottery_tickets_rollup_update AFTER UPDATE ON lottery_tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_tickets();
--> statement-breakpoint
CREATE TRIGGER lottery_tickets_rollup_delete AFTER DELETE ON lottery_tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_tickets();
--> statement-breakpoint
CREATE TRIGGER postings_rollup_insert AFTER INSERT ON postings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_postings();
--> statement-breakpoint
CREATE TRIGGER users_rollup_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION team_rollup_users();
--> statement-breakpoint
-- What existed before this migration, queued as if it had just arrived: the first rollup run adds it up.
INSERT INTO team_rollup_queue (user_id, at, registered) SELECT id, created_at, 1 FROM users;
--> statement-breakpoint
INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
SELECT r.user_id, r.created_at, f.bet, f.valid_bet, f.pay, f.win_loss FROM game_rounds r, team_bet_figures(r.status, r.bet_amount, r.valid_bet, r.payout) f;
--> statement-breakpoint
INSERT INTO team_rollup_queue (user_id, at, bet_amount, valid_bet, payout, win_loss)
SELECT t.user_id, t.created_at, f.bet, f.valid_bet, f.pay, f.win_loss FROM lottery_tickets t, team_ticket_figures(t.status, t.amount, t.payout) f;
--> statement-breakpoint
INSERT INTO team_rollup_queue (user_id, at, deposit, withdrawal, bonus, net)
SELECT a.user_id, p.created_at,
  coalesce(sum(p.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'deposit'), 0),
  coalesce(sum(p.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'withdrawal'), 0),
  coalesce(sum(p.amount) FILTER (WHERE a.kind = 'wallet' AND e.kind = 'bonus'), 0),
  sum(p.amount)
FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
WHERE a.user_id IS NOT NULL
GROUP BY a.user_id, p.created_at;
