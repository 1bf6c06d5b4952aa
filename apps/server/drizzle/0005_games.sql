CREATE TABLE "fair_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorite_games" (
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"round_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"category" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_id" text NOT NULL,
	"bet_amount" bigint NOT NULL,
	"valid_bet" bigint DEFAULT 0 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fair_seed_id" bigint,
	"nonce" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"room_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"game_id" text NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category" text NOT NULL,
	"game_type" text NOT NULL,
	"group_code" text DEFAULT 'all' NOT NULL,
	"open_mode" text DEFAULT 'iframe' NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_game" boolean DEFAULT true NOT NULL,
	"house_game" text,
	"plays" integer DEFAULT 0 NOT NULL,
	"colour" text DEFAULT '#6142bf' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pvp_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"room_id" text NOT NULL,
	"game_row_id" integer NOT NULL,
	"name" text NOT NULL,
	"ante" bigint NOT NULL,
	"min_players" integer DEFAULT 2 NOT NULL,
	"max_players" integer DEFAULT 6 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"user_id" bigint NOT NULL,
	"game_row_id" integer NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"vassalage" text NOT NULL,
	"txn_id" text NOT NULL,
	"type" text NOT NULL,
	"user_id" bigint NOT NULL,
	"round_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"ref_txn_id" text,
	"journal_entry_id" bigint,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fair_seeds" ADD CONSTRAINT "fair_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_games" ADD CONSTRAINT "favorite_games_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_fair_seed_id_fair_seeds_id_fk" FOREIGN KEY ("fair_seed_id") REFERENCES "public"."fair_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_rooms" ADD CONSTRAINT "pvp_rooms_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pvp_rooms" ADD CONSTRAINT "pvp_rooms_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_row_id_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD CONSTRAINT "vendor_transactions_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fair_seeds_user_current" ON "fair_seeds" USING btree ("user_id") WHERE "fair_seeds"."revealed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "favorite_games_user_game" ON "favorite_games" USING btree ("user_id","game_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_merchant_vendor_round" ON "game_rounds" USING btree ("merchant_id","vassalage","round_id");--> statement-breakpoint
CREATE INDEX "game_rounds_user_time" ON "game_rounds" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_user_category_time" ON "game_rounds" USING btree ("user_id","category","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_time" ON "game_rounds" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "game_sessions_user" ON "game_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "games_merchant_vendor_game" ON "games" USING btree ("merchant_id","vassalage","game_id");--> statement-breakpoint
CREATE INDEX "games_merchant_category" ON "games" USING btree ("merchant_id","category","sort");--> statement-breakpoint
CREATE INDEX "games_vendor_type" ON "games" USING btree ("merchant_id","vassalage","game_type");--> statement-breakpoint
CREATE UNIQUE INDEX "pvp_rooms_merchant_room" ON "pvp_rooms" USING btree ("merchant_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recent_games_user_game" ON "recent_games" USING btree ("user_id","game_row_id");--> statement-breakpoint
CREATE INDEX "recent_games_user_time" ON "recent_games" USING btree ("user_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_transactions_merchant_vendor_txn" ON "vendor_transactions" USING btree ("merchant_id","vassalage","txn_id");--> statement-breakpoint
CREATE INDEX "vendor_transactions_round" ON "vendor_transactions" USING btree ("merchant_id","vassalage","round_id");