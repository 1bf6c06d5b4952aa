-- Stakes that make sense in the currency (issue 16): the lottery bet types a site started with at the old default
-- minimum of 1.00 ₫ (100 minor units) take the VND minimum of 1,000 ₫ (stakes.ts), as new sites do. A minimum an
-- operator set to anything else is kept.
UPDATE "lottery_games" SET "bet_types" = (
  SELECT jsonb_object_agg(e.k, CASE WHEN (e.v ->> 'minStake')::bigint = 100 THEN jsonb_set(e.v, '{minStake}', '100000') ELSE e.v END)
  FROM jsonb_each("bet_types") AS e(k, v)
)
WHERE EXISTS (SELECT 1 FROM jsonb_each("bet_types") AS e(k, v) WHERE (e.v ->> 'minStake')::bigint = 100);
