CREATE TABLE "sports_bet_legs" (
	"bet_id" bigint NOT NULL,
	"leg_no" smallint NOT NULL,
	"fixture_id" bigint NOT NULL,
	"market_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"outcome" text,
	"result_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sports_bet_legs_bet_id_leg_no_pk" PRIMARY KEY("bet_id","leg_no")
);
--> statement-breakpoint
CREATE TABLE "sports_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"bet_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"vassalage" text NOT NULL,
	"game_row_id" integer NOT NULL,
	"sport" text NOT NULL,
	"client_ref" text NOT NULL,
	"stake" bigint NOT NULL,
	"odds" bigint NOT NULL,
	"max_payout" bigint NOT NULL,
	"leg_count" smallint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"payout" bigint DEFAULT 0 NOT NULL,
	"settle_count" integer DEFAULT 0 NOT NULL,
	"unrecovered" bigint DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sports_bets_amounts" CHECK ("sports_bets"."stake" > 0 and "sports_bets"."payout" >= 0 and "sports_bets"."max_payout" > 0 and "sports_bets"."unrecovered" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sports_fixtures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"source" text NOT NULL,
	"sport" text NOT NULL,
	"external_id" text NOT NULL,
	"league_code" text NOT NULL,
	"league_name" text NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"round_id" text,
	"kickoff_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"result_home" integer,
	"result_away" integer,
	"result_version" integer DEFAULT 0 NOT NULL,
	"seed" text,
	"seed_commit" text,
	"model" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"margin_bp" integer DEFAULT 500 NOT NULL,
	"resulted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sports_fixtures_result" CHECK (("sports_fixtures"."result_home" is null) = ("sports_fixtures"."result_away" is null) and coalesce("sports_fixtures"."result_home", 0) >= 0 and coalesce("sports_fixtures"."result_away", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "sports_markets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fixture_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"odds" jsonb NOT NULL,
	"odds_version" integer DEFAULT 1 NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"max_stake" bigint,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_bet_id_sports_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sports_bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_fixture_id_sports_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."sports_fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bet_legs" ADD CONSTRAINT "sports_bet_legs_market_id_sports_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sports_markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_bets" ADD CONSTRAINT "sports_bets_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_fixtures" ADD CONSTRAINT "sports_fixtures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sports_markets" ADD CONSTRAINT "sports_markets_fixture_id_sports_fixtures_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."sports_fixtures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sports_bet_legs_fixture" ON "sports_bet_legs" USING btree ("fixture_id","bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_bet_id" ON "sports_bets" USING btree ("merchant_id","bet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_bets_client_ref" ON "sports_bets" USING btree ("user_id","client_ref");--> statement-breakpoint
CREATE INDEX "sports_bets_user_time" ON "sports_bets" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "sports_bets_open" ON "sports_bets" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_fixtures_external" ON "sports_fixtures" USING btree ("merchant_id","external_id");--> statement-breakpoint
CREATE INDEX "sports_fixtures_kickoff" ON "sports_fixtures" USING btree ("merchant_id","sport","kickoff_at");--> statement-breakpoint
CREATE INDEX "sports_fixtures_round" ON "sports_fixtures" USING btree ("merchant_id","round_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sports_markets_fixture_kind_line" ON "sports_markets" USING btree ("fixture_id","kind","line");