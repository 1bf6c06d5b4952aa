CREATE TABLE "activities" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"terms_html" text DEFAULT '' NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"eligibility" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reward" jsonb NOT NULL,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"turnover_base" text DEFAULT 'bonus' NOT NULL,
	"turnover_weights" jsonb,
	"withdrawal_policy" text DEFAULT 'refuse' NOT NULL,
	"bonus_days" integer DEFAULT 30 NOT NULL,
	"claim_days" integer DEFAULT 7 NOT NULL,
	"per_member_limit" integer,
	"budget" bigint,
	"spent" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_applications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"remark" text NOT NULL,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_participations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"activity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"status" text NOT NULL,
	"granted" integer DEFAULT 0 NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	"last_check_in" date,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envelope_rains" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"pool" bigint NOT NULL,
	"min_amount" bigint NOT NULL,
	"max_amount" bigint NOT NULL,
	"count" integer NOT NULL,
	"eligibility" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "envelopes" (
	"rain_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"amount" bigint NOT NULL,
	"user_id" bigint,
	"opened_at" timestamp with time zone,
	"reward_id" bigint,
	CONSTRAINT "envelopes_rain_id_seq_pk" PRIMARY KEY("rain_id","seq")
);
--> statement-breakpoint
CREATE TABLE "member_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"activity_id" bigint,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"form" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"claim_by" timestamp with time zone,
	"journal_entry_id" bigint,
	"turnover_required" bigint DEFAULT 0 NOT NULL,
	"turnover_done" bigint DEFAULT 0 NOT NULL,
	"turnover_weights" jsonb,
	"bonus_status" text,
	"bonus_expires_at" timestamp with time zone,
	"withdrawal_policy" text DEFAULT 'refuse' NOT NULL,
	"credited_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "raffle_draws" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"seed_hash" text NOT NULL,
	"seed" text NOT NULL,
	"tickets" integer,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "raffle_tickets" (
	"activity_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raffle_tickets_activity_id_number_pk" PRIMARY KEY("activity_id","number")
);
--> statement-breakpoint
CREATE TABLE "raffle_winners" (
	"activity_id" bigint NOT NULL,
	"prize" integer NOT NULL,
	"ticket" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"prize_name" text NOT NULL,
	"amount" bigint NOT NULL,
	"reward_id" bigint,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "raffle_winners_activity_id_prize_pk" PRIMARY KEY("activity_id","prize")
);
--> statement-breakpoint
ALTER TABLE "vendor_transactions" ADD COLUMN "bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_applications" ADD CONSTRAINT "activity_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participations" ADD CONSTRAINT "activity_participations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_participations" ADD CONSTRAINT "activity_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_rains" ADD CONSTRAINT "envelope_rains_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_rain_id_envelope_rains_id_fk" FOREIGN KEY ("rain_id") REFERENCES "public"."envelope_rains"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelopes" ADD CONSTRAINT "envelopes_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_rewards" ADD CONSTRAINT "member_rewards_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_draws" ADD CONSTRAINT "raffle_draws_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_tickets" ADD CONSTRAINT "raffle_tickets_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_tickets" ADD CONSTRAINT "raffle_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raffle_winners" ADD CONSTRAINT "raffle_winners_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_merchant_state" ON "activities" USING btree ("merchant_id","state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_applications_request" ON "activity_applications" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "activity_applications_activity" ON "activity_applications" USING btree ("activity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_participations_member" ON "activity_participations" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "activity_participations_user" ON "activity_participations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "envelope_rains_window" ON "envelope_rains" USING btree ("merchant_id","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "envelopes_one_per_member" ON "envelopes" USING btree ("rain_id","user_id") WHERE "envelopes"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "envelopes_unopened" ON "envelopes" USING btree ("rain_id","seq") WHERE "envelopes"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "member_rewards_key" ON "member_rewards" USING btree ("merchant_id","key");--> statement-breakpoint
CREATE INDEX "member_rewards_user" ON "member_rewards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "member_rewards_open_bonus" ON "member_rewards" USING btree ("user_id") WHERE "member_rewards"."bonus_status" = 'open';--> statement-breakpoint
CREATE INDEX "member_rewards_waiting" ON "member_rewards" USING btree ("claim_by") WHERE "member_rewards"."status" = 'claim';--> statement-breakpoint
CREATE INDEX "raffle_tickets_member" ON "raffle_tickets" USING btree ("activity_id","user_id");--> statement-breakpoint
CREATE INDEX "raffle_winners_member" ON "raffle_winners" USING btree ("user_id");