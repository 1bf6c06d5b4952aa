CREATE TABLE "member_vip" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"top_level" integer DEFAULT 0 NOT NULL,
	"level_since" timestamp with time zone,
	"valid_bet_total" bigint DEFAULT 0 NOT NULL,
	"deposit_total" bigint DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone,
	"month_assessed" date,
	"birthday" date,
	"birthday_confirmed_at" timestamp with time zone,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vip_levels" (
	"merchant_id" integer NOT NULL,
	"level" integer NOT NULL,
	"name" text NOT NULL,
	"valid_bet_required" bigint DEFAULT 0 NOT NULL,
	"deposit_required" bigint DEFAULT 0 NOT NULL,
	"keep_valid_bet" bigint DEFAULT 0 NOT NULL,
	"upgrade_bonus" bigint DEFAULT 0 NOT NULL,
	"monthly_bonus" bigint DEFAULT 0 NOT NULL,
	"birthday_bonus" bigint DEFAULT 0 NOT NULL,
	"bonus_turnover_multiple" integer DEFAULT 0 NOT NULL,
	"rebate_rates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"withdrawals_per_day" integer DEFAULT 0 NOT NULL,
	"withdrawal_limit_per_day" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_levels_merchant_id_level_pk" PRIMARY KEY("merchant_id","level"),
	CONSTRAINT "vip_levels_level" CHECK ("vip_levels"."level" >= 0)
);
--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_vip" ADD CONSTRAINT "member_vip_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_levels" ADD CONSTRAINT "vip_levels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_vip_level" ON "member_vip" USING btree ("merchant_id","level","user_id");