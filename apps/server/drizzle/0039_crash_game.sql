CREATE TABLE "crash_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"crash_round_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"bet_id" text NOT NULL,
	"round_id" text NOT NULL,
	"username" text NOT NULL,
	"stake" bigint NOT NULL,
	"auto_cash_out" integer,
	"cash_out" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crash_chains" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"terminal_hash" text NOT NULL,
	"salt" text NOT NULL,
	"length" integer NOT NULL,
	"checkpoints" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crash_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"round_no" integer NOT NULL,
	"round_hash" text NOT NULL,
	"crash_point" integer NOT NULL,
	"betting_ends_at" timestamp with time zone NOT NULL,
	"crash_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_crash_round_id_crash_rounds_id_fk" FOREIGN KEY ("crash_round_id") REFERENCES "public"."crash_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_bets" ADD CONSTRAINT "crash_bets_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_chains" ADD CONSTRAINT "crash_chains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crash_rounds" ADD CONSTRAINT "crash_rounds_chain_id_crash_chains_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."crash_chains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_round_user" ON "crash_bets" USING btree ("crash_round_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_bets_user_bet" ON "crash_bets" USING btree ("user_id","bet_id");--> statement-breakpoint
CREATE INDEX "crash_bets_uncredited" ON "crash_bets" USING btree ("status","credited_at");--> statement-breakpoint
CREATE INDEX "crash_chains_merchant" ON "crash_chains" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crash_rounds_chain_round" ON "crash_rounds" USING btree ("chain_id","round_no");--> statement-breakpoint
CREATE INDEX "crash_rounds_merchant" ON "crash_rounds" USING btree ("merchant_id","id");