CREATE TABLE "point_accruals" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"paid_until" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_configs" (
	"merchant_id" integer PRIMARY KEY NOT NULL,
	"earn_rates" jsonb NOT NULL,
	"convert_enabled" boolean DEFAULT false NOT NULL,
	"convert_points" integer DEFAULT 1000 NOT NULL,
	"convert_amount" bigint DEFAULT 1000000 NOT NULL,
	"min_convert_points" integer DEFAULT 0 NOT NULL,
	"rules_html" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"item_name" text NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"points" bigint NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"request_id" text NOT NULL,
	"address" text,
	"remark" text,
	"reward_id" bigint,
	"cancel_request_id" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"turnover_multiple" integer DEFAULT 0 NOT NULL,
	"points_required" bigint NOT NULL,
	"amount_required" bigint DEFAULT 0 NOT NULL,
	"amount_kind" text DEFAULT 'deposit' NOT NULL,
	"stock" integer,
	"units" text DEFAULT 'piece' NOT NULL,
	"points_ratio" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'on' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_items_stock_not_negative" CHECK ("point_items"."stock" is null or "point_items"."stock" >= 0),
	CONSTRAINT "point_items_points_positive" CHECK ("point_items"."points_required" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_accruals" ADD CONSTRAINT "point_accruals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_configs" ADD CONSTRAINT "point_configs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_item_id_point_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."point_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_exchanges" ADD CONSTRAINT "point_exchanges_reward_id_member_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."member_rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_items" ADD CONSTRAINT "point_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_exchanges_user_request" ON "point_exchanges" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "point_exchanges_user_time" ON "point_exchanges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "point_exchanges_status" ON "point_exchanges" USING btree ("merchant_id","status","id");--> statement-breakpoint
CREATE INDEX "point_items_merchant_sort" ON "point_items" USING btree ("merchant_id","sort","id");