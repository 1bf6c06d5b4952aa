ALTER TABLE "envelopes" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD COLUMN "claim_request_id" text;