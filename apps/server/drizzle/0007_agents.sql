CREATE TABLE "contract_bills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"contract_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"base" bigint NOT NULL,
	"active_members" integer DEFAULT 0 NOT NULL,
	"rate" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"payer_id" bigint,
	"payee_id" bigint NOT NULL,
	"deadline" timestamp with time zone,
	"carry_out" bigint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"upline_id" bigint,
	"downline_id" bigint NOT NULL,
	"status" text NOT NULL,
	"terms" jsonb NOT NULL,
	"max_rate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"effective_from" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE TABLE "user_paths" (
	"ancestor_id" bigint NOT NULL,
	"descendant_id" bigint NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "user_paths_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "affiliate_codes" ADD COLUMN "member_type" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_codes" ADD COLUMN "contracts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate_code_id" integer;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_bills" ADD CONSTRAINT "contract_bills_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_upline_id_users_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_downline_id_users_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_paths" ADD CONSTRAINT "user_paths_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_paths" ADD CONSTRAINT "user_paths_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_bills_contract_period" ON "contract_bills" USING btree ("contract_id","period");--> statement-breakpoint
CREATE INDEX "contract_bills_payee" ON "contract_bills" USING btree ("payee_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "contract_bills_payer" ON "contract_bills" USING btree ("payer_id","kind","status");--> statement-breakpoint
CREATE INDEX "contracts_downline" ON "contracts" USING btree ("downline_id","kind","status");--> statement-breakpoint
CREATE INDEX "contracts_upline" ON "contracts" USING btree ("upline_id","kind","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_one_awaiting" ON "contracts" USING btree ("downline_id","kind") WHERE "contracts"."status" = 'awaitingConsent';--> statement-breakpoint
CREATE INDEX "user_paths_descendant" ON "user_paths" USING btree ("descendant_id","depth");--> statement-breakpoint
CREATE INDEX "game_rounds_settled" ON "game_rounds" USING btree ("merchant_id","settled_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_settled" ON "lottery_draws" USING btree ("merchant_id","settled_at");--> statement-breakpoint
CREATE INDEX "users_upline" ON "users" USING btree ("upline_id");
--> statement-breakpoint
-- The closure rows of a new member: itself at depth 0 and every ancestor of its upline one level further.
CREATE OR REPLACE FUNCTION user_paths_on_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_paths (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO user_paths (ancestor_id, descendant_id, depth)
      SELECT p.ancestor_id, NEW.id, p.depth + 1 FROM user_paths p WHERE p.descendant_id = NEW.upline_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The tree is append-only: moving a member under another upline would rewrite every team's history.
CREATE OR REPLACE FUNCTION user_paths_refuse_move() RETURNS trigger AS $$
BEGIN
  IF NEW.upline_id IS DISTINCT FROM OLD.upline_id THEN
    RAISE EXCEPTION 'a member''s upline cannot change';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_paths_insert AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION user_paths_on_insert();
--> statement-breakpoint
CREATE TRIGGER users_upline_fixed BEFORE UPDATE OF upline_id ON users FOR EACH ROW EXECUTE FUNCTION user_paths_refuse_move();
--> statement-breakpoint
-- Members registered before this migration.
WITH RECURSIVE chain(ancestor_id, descendant_id, depth) AS (
  SELECT id, id, 0 FROM users
  UNION ALL
  SELECT u.upline_id, c.descendant_id, c.depth + 1 FROM chain c JOIN users u ON u.id = c.ancestor_id WHERE u.upline_id IS NOT NULL
)
INSERT INTO user_paths (ancestor_id, descendant_id, depth) SELECT ancestor_id, descendant_id, depth FROM chain
ON CONFLICT DO NOTHING;
