ALTER TABLE "games" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The names per language the unused `names` column held move into `texts` ({ VI: 'x' } → { VI: { name: 'x' } }).
UPDATE "games" SET "texts" = (SELECT jsonb_object_agg(n.key, jsonb_build_object('name', n.value)) FROM jsonb_each_text("names") n) WHERE "names" <> '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "names";
