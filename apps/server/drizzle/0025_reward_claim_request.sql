ALTER TABLE "member_rewards" ADD COLUMN "claim_request_id" text;--> statement-breakpoint
-- Issue 17: a member's bonus wallet (wallet 'BONUS', kind 'bonus') and points account (wallet 'POINTS', kind 'points'),
-- made on first use like ledger_wallet but with their own kind, so nothing that sums a member's wallets (kind 'wallet')
-- counts them as cash.
CREATE OR REPLACE FUNCTION ledger_member_account(p_merchant integer, p_user bigint, p_wallet text, OUT id bigint, OUT balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_kind text := CASE p_wallet WHEN 'BONUS' THEN 'bonus' WHEN 'POINTS' THEN 'points' END;
BEGIN
  IF v_kind IS NULL THEN RAISE EXCEPTION 'ledger_member_account: no member account %', p_wallet; END IF;
  SELECT a.id, a.balance INTO id, balance FROM ledger_accounts a WHERE a.merchant_id = p_merchant AND a.user_id = p_user AND a.wallet = p_wallet;
  IF FOUND THEN RETURN; END IF;
  INSERT INTO ledger_accounts (merchant_id, user_id, kind, wallet) VALUES (p_merchant, p_user, v_kind, p_wallet)
  ON CONFLICT (merchant_id, user_id, wallet) WHERE user_id IS NOT NULL DO NOTHING;
  SELECT a.id, a.balance INTO id, balance FROM ledger_accounts a WHERE a.merchant_id = p_merchant AND a.user_id = p_user AND a.wallet = p_wallet;
END $$;
