ALTER TABLE "users" ADD COLUMN "payment_password_checking" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payment_password_checking_at" timestamp with time zone;