CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"game_row_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"province" text,
	"close_at" timestamp with time zone NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"seed" text,
	"seed_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"result" jsonb,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"region" text,
	"province" text,
	"structure" text NOT NULL,
	"prize_mode" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"result_source" text DEFAULT 'house' NOT NULL,
	"bet_types" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"draw_id" bigint NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"bet_type" text NOT NULL,
	"numbers" text[] NOT NULL,
	"stake" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"odds_x1000" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"hits" integer,
	"payout" bigint,
	"request_id" text NOT NULL,
	"idx" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD CONSTRAINT "lottery_draws_game_row_id_lottery_games_id_fk" FOREIGN KEY ("game_row_id") REFERENCES "public"."lottery_games"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_games" ADD CONSTRAINT "lottery_games_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_merchant_game_no" ON "lottery_draws" USING btree ("merchant_id","game_code","draw_no");--> statement-breakpoint
CREATE INDEX "lottery_draws_status_time" ON "lottery_draws" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_time" ON "lottery_draws" USING btree ("game_row_id","draw_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_games_merchant_code" ON "lottery_games" USING btree ("merchant_id","game_code");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_tickets_user_request" ON "lottery_tickets" USING btree ("user_id","request_id","idx");--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw" ON "lottery_tickets" USING btree ("draw_id","id");--> statement-breakpoint
CREATE INDEX "lottery_tickets_user_time" ON "lottery_tickets" USING btree ("user_id","created_at");--> statement-breakpoint
-- Settlement rewrites every ticket once (status, hits, payout, settled_at: none indexed); free space on each page
-- lets those be heap-only updates that touch no index.
ALTER TABLE "lottery_tickets" SET (fillfactor = 60);--> statement-breakpoint
CREATE VIEW "bet_records" AS
  SELECT r.merchant_id, r.user_id, r.id AS source_id, r.round_id, r.category, r.vassalage, r.game_id, g.name AS game_name,
         r.bet_amount, r.valid_bet, r.payout, r.status, r.created_at, r.settled_at
  FROM "game_rounds" r JOIN "games" g ON g.id = r.game_row_id
  UNION ALL
  SELECT t.merchant_id, t.user_id, t.id AS source_id, 'L' || t.id AS round_id, 'LOTT' AS category, lg.vassalage, t.game_code AS game_id,
         lg.name AS game_name, t.amount AS bet_amount,
         CASE WHEN t.status IN ('won', 'lost') THEN t.amount ELSE 0 END AS valid_bet,
         CASE WHEN t.status IN ('won', 'lost') THEN coalesce(t.payout, 0) ELSE 0 END AS payout,
         CASE t.status WHEN 'open' THEN 'open' WHEN 'void' THEN 'void' ELSE 'settled' END AS status,
         t.created_at, t.settled_at
  FROM "lottery_tickets" t JOIN "lottery_games" lg ON lg.merchant_id = t.merchant_id AND lg.game_code = t.game_code;
