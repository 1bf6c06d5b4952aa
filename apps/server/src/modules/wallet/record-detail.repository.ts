import { sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import type { TContentTexts } from '../../db/schema.ts';
import { textArray } from '../../db/text-array.ts';
import type { TReader } from '../../lib/content-language.ts';
import { gameNameFor } from '../games/catalogue.service.ts';
import { detailOf, detailRef, roundKey, type TDetailNames, type TDetailRef } from './record-detail.ts';

/**
 * The names records need to be said in words (record-detail.ts): each game round's category and game (in the reader's
 * language, as the betting record names it; issue 23), each vendor's display name (a brand, the same in every language),
 * each lottery game's name. The references come from entries the caller may already see (its own, or its team's); one
 * probe of a unique index per round.
 */
export async function detailNames(db: TTx, merchantId: number, refs: readonly (TDetailRef | null)[], reader: TReader): Promise<TDetailNames> {
  const rounds = refs.flatMap((r) => (r?.kind === 'gameRound' ? [r] : []));
  const codes = [...new Set(refs.flatMap((r) => (r?.kind === 'lotteryDraw' ? [r.gameCode] : [])))];
  const names: TDetailNames = { rounds: new Map(), vendors: new Map(), lotteryGames: new Map() };
  if (rounds.length > 0) {
    const found = rowsOf<{ vassalage: string; round_id: string; category: string; name: string; texts: TContentTexts | null }>(
      await db.execute(sql`
        select r.vassalage, r.round_id, r.category, g.name, g.texts
        from unnest(${textArray(rounds.map((r) => r.vassalage))}::text[], ${textArray(rounds.map((r) => r.round))}::text[]) as p(vassalage, round_id)
        join game_rounds r on r.merchant_id = ${merchantId} and r.vassalage = p.vassalage and r.round_id = p.round_id
        join games g on g.id = r.game_row_id`),
    );
    for (const r of found) names.rounds.set(roundKey(r.vassalage, r.round_id), { category: r.category, game: gameNameFor(r, reader) });
    const vassalages = [...new Set(rounds.map((r) => r.vassalage))];
    const vendors = rowsOf<{ vassalage: string; display_name: string }>(
      await db.execute(sql`select vassalage, display_name from vendors where merchant_id = ${merchantId} and vassalage = any(${textArray(vassalages)}::text[])`),
    );
    for (const v of vendors) names.vendors.set(v.vassalage, v.display_name);
  }
  if (codes.length > 0) {
    const games = rowsOf<{ game_code: string; name: string }>(
      await db.execute(sql`select game_code, name from lottery_games where merchant_id = ${merchantId} and game_code = any(${textArray(codes)}::text[])`),
    );
    for (const g of games) names.lotteryGames.set(g.game_code, g.name);
  }
  return names;
}

/** The detail of each of a page of entries (issue 16: records in words), in the order given, its games named for the reader. */
export async function detailsOf(db: TTx, merchantId: number, entries: readonly { kind: string; key: string; memo: string | null }[], reader: TReader) {
  const refs = entries.map((e) => detailRef(e));
  const names = await detailNames(db, merchantId, refs, reader);
  return refs.map((ref) => detailOf(ref, names));
}
