DROP INDEX "ledger_accounts_house";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_house_shard" ON "ledger_accounts" USING btree ("merchant_id","kind","shard") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "vendor_transactions_rollback_ref" ON "vendor_transactions" USING btree ("merchant_id","vassalage","ref_txn_id") WHERE "vendor_transactions"."type" = 'rollback';