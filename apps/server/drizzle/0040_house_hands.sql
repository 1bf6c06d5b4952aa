CREATE TABLE "house_hands" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"engine" text NOT NULL,
	"fair_seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"start_input" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staked" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"pending_txn" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "house_hands_round_id_unique" UNIQUE("round_id")
);
--> statement-breakpoint
ALTER TABLE "house_hands" ADD CONSTRAINT "house_hands_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_hands" ADD CONSTRAINT "house_hands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_hands" ADD CONSTRAINT "house_hands_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "house_hands" ADD CONSTRAINT "house_hands_fair_seed_id_fair_seeds_id_fk" FOREIGN KEY ("fair_seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_hands_open_per_game" ON "house_hands" USING btree ("user_id","engine") WHERE "house_hands"."status" = 'open';--> statement-breakpoint
CREATE INDEX "house_hands_open_age" ON "house_hands" USING btree ("updated_at") WHERE "house_hands"."status" = 'open';