ALTER TABLE "deposit_channels" ADD COLUMN "gateway" text;--> statement-breakpoint
-- Every online channel so far is the seeded Sandbox Pay: the sandbox gateway, where no money moves.
UPDATE "deposit_channels" SET "gateway" = 'sandbox' WHERE "type" = 'online';--> statement-breakpoint
-- A sandbox channel stays on only on a site the demo seed made (the seed posts the demo balances under
-- seed:demo:<user>); on any other site it is off until the operator turns it on (issue 15).
UPDATE "deposit_channels" c SET "enabled" = false WHERE c."gateway" = 'sandbox' AND NOT EXISTS (
  SELECT 1 FROM "journal_entries" j WHERE j."merchant_id" = c."merchant_id" AND j."key" = 'seed:demo:agent01'
);--> statement-breakpoint
ALTER TABLE "deposit_channels" ADD CONSTRAINT "deposit_channels_online_gateway" CHECK (("deposit_channels"."type" = 'online') = ("deposit_channels"."gateway" is not null));
