ALTER TABLE "banks" ADD COLUMN "country_code" text DEFAULT 'VN' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "country_code" text DEFAULT 'VN' NOT NULL;--> statement-breakpoint
-- The Malaysian banks the seed listed beside the Vietnamese ones (issue 16: a VND site lists Vietnamese banks only).
UPDATE "banks" SET "country_code" = 'MY' WHERE "code" IN ('MBB', 'CIMB', 'PBB', 'RHB', 'HLB', 'AMB', 'BIMB', 'BSN');
