DROP INDEX "vendor_transactions_round";--> statement-breakpoint
CREATE INDEX "vendor_transactions_round" ON "vendor_transactions" USING btree ("round_id","merchant_id","vassalage");