CREATE TABLE "mission_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"mission_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"reward_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"request_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"event_id" bigint,
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"category" text,
	"target" bigint NOT NULL,
	"reward_form" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"titles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missions_target_positive" CHECK ("missions"."target" > 0),
	CONSTRAINT "missions_reward_positive" CHECK ("missions"."reward_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_terms" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"first_deposit" bigint NOT NULL,
	"valid_bet" bigint NOT NULL,
	"days" integer NOT NULL,
	"reward_form" text NOT NULL,
	"reward_amount" bigint NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"inviter_id" bigint NOT NULL,
	"invitee_id" bigint NOT NULL,
	"via" text NOT NULL,
	"invitee_ip" text NOT NULL,
	"invitee_device" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'registered' NOT NULL,
	"reason" text,
	"reward_id" bigint,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_events" ADD CONSTRAINT "mission_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_event_id_mission_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."mission_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_terms" ADD CONSTRAINT "referral_terms_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mission_claims_once" ON "mission_claims" USING btree ("mission_id","user_id","period_start");--> statement-breakpoint
CREATE INDEX "mission_claims_member" ON "mission_claims" USING btree ("user_id","period_start");--> statement-breakpoint
CREATE INDEX "mission_claims_board" ON "mission_claims" USING btree ("merchant_id","claimed_at");--> statement-breakpoint
CREATE INDEX "mission_events_window" ON "mission_events" USING btree ("merchant_id","ends_at");--> statement-breakpoint
CREATE INDEX "missions_merchant" ON "missions" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_codes_merchant_code" ON "referral_codes" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_invitee" ON "referrals" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "referrals_inviter" ON "referrals" USING btree ("inviter_id","id");--> statement-breakpoint
CREATE INDEX "referrals_open" ON "referrals" USING btree ("merchant_id","id") WHERE "referrals"."state" in ('registered', 'deposited');