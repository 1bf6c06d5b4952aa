ALTER TABLE "activities" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "help_articles" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;