CREATE TABLE "point_accrual_paid" (
	"user_id" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"merchant_id" integer NOT NULL,
	"points" bigint DEFAULT 0 NOT NULL,
	"target" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_accrual_paid_user_id_window_start_pk" PRIMARY KEY("user_id","window_start"),
	CONSTRAINT "point_accrual_paid_points" CHECK ("point_accrual_paid"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "point_accrual_paid" ADD CONSTRAINT "point_accrual_paid_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_accrual_paid" ADD CONSTRAINT "point_accrual_paid_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_accrual_paid_window" ON "point_accrual_paid" USING btree ("merchant_id","window_start");--> statement-breakpoint
-- The windows paid before top-ups (one entry keyed points:bets:<window start>:<user>): their points, so no run pays them again.
INSERT INTO "point_accrual_paid" ("user_id", "window_start", "merchant_id", "points", "target")
SELECT la."user_id", substring(je."key" from '^points:bets:(.+):[0-9]+$')::timestamptz, je."merchant_id", sum(p."amount"), sum(p."amount")
FROM "journal_entries" je
JOIN "postings" p ON p."entry_id" = je."id"
JOIN "ledger_accounts" la ON la."id" = p."account_id" AND la."user_id" IS NOT NULL
WHERE je."kind" = 'points' AND je."key" ~ '^points:bets:[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z:[0-9]+$'
GROUP BY 1, 2, 3
ON CONFLICT DO NOTHING;
