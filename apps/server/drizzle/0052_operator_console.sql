CREATE TABLE "member_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_login_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"ticket_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_login_tickets_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "operator_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "operator_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "operators_username_lower" CHECK ("operators"."username" = lower("operators"."username"))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_notes" ADD CONSTRAINT "member_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_login_tickets" ADD CONSTRAINT "operator_login_tickets_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_recovery_codes" ADD CONSTRAINT "operator_recovery_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_notes_user" ON "member_notes" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "operator_login_tickets_operator" ON "operator_login_tickets" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_recovery_codes_code" ON "operator_recovery_codes" USING btree ("operator_id","code_hash");--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_merchant_username" ON "operators" USING btree ("merchant_id",lower("username"));--> statement-breakpoint
-- The audit log's hash chain (issue 24; docs/decisions.md, "Operator console (issue 24)"). A row's hash is the SHA-256
-- (hex) of its canonical text: a JSON array of its fields as text — id, actor, action, target, before::text,
-- after::text, reason, created_at in UTC ISO with microseconds, prev_hash. jsonb's text form is canonical (keys sorted,
-- no insignificant space) and a JSON array quotes every field, so two different rows never share a text. sha256() is
-- core PostgreSQL (11+) and PGlite: no pgcrypto.
CREATE OR REPLACE FUNCTION audit_log_row_hash(p_id bigint, p_actor text, p_action text, p_target text, p_before jsonb,
  p_after jsonb, p_reason text, p_created_at timestamptz, p_prev_hash text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    p_id::text, p_actor, p_action, p_target, p_before::text, p_after::text, p_reason,
    to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), p_prev_hash)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- One chain: the transaction-level advisory lock makes inserts take turns until their transactions end, and the id is
-- drawn again under the lock, so the chain's order is the id order even when two transactions drew their ids the other
-- way round. Under READ COMMITTED each statement here sees what the previous holder committed; a REPEATABLE READ or
-- SERIALIZABLE snapshot could miss it and fork the chain, so such a transaction is refused.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_prev text;
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'audit_log rows are written under READ COMMITTED (the hash chain reads the last committed row)';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('audit_log_chain'));
  NEW.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  SELECT hash INTO v_prev FROM audit_log ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(v_prev, repeat('0', 64));
  NEW.hash := audit_log_row_hash(NEW.id, NEW.actor, NEW.action, NEW.target, NEW.before, NEW.after, NEW.reason, NEW.created_at, NEW.prev_hash);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The rows written before the chain existed, chained in id order (the append-only trigger is set aside for this alone).
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
DO $$
DECLARE
  r audit_log;
  v_prev text := repeat('0', 64);
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    UPDATE audit_log SET prev_hash = v_prev,
      hash = audit_log_row_hash(r.id, r.actor, r.action, r.target, r.before, r.after, r.reason, r.created_at, v_prev)
    WHERE id = r.id RETURNING hash INTO v_prev;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
--> statement-breakpoint
-- Recomputes the whole chain in one set-based pass: the rows checked, and the first id whose stored hash is not its
-- recomputed hash ('hash': the row was changed) or whose prev_hash is not the hash of the row before it ('link': a
-- row before it was removed or inserted). A removed last row leaves no trace inside the chain (docs/decisions.md).
CREATE OR REPLACE FUNCTION audit_verify() RETURNS TABLE (rows_checked bigint, broken_at bigint, problem text)
LANGUAGE sql STABLE AS $$
  WITH c AS (
    SELECT id, hash,
      hash <> audit_log_row_hash(id, actor, action, target, before, after, reason, created_at, prev_hash) AS bad_hash,
      prev_hash <> coalesce(lag(hash) OVER (ORDER BY id), repeat('0', 64)) AS bad_link
    FROM audit_log
  ), first_bad AS (
    SELECT id, CASE WHEN bad_link THEN 'link' ELSE 'hash' END AS problem FROM c WHERE bad_hash OR bad_link ORDER BY id LIMIT 1
  )
  SELECT (SELECT count(*) FROM c), (SELECT id FROM first_bad), (SELECT problem FROM first_bad)
$$;
