import { and, asc, count, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { favoriteGames, gameRounds, games, pvpRooms, recentGames, users, vendors } from '../../db/schema.ts';

export type TGameRow = typeof games.$inferSelect;

export interface TGameFilter {
  category?: string;
  vassalage?: string;
  gameType?: string;
  groupCode?: string;
  keyword?: string;
  hot?: boolean;
  /** Only games that start (not flagged isNew, "under maintenance"): the hot, popular and winner lists (issue 16). */
  playable?: boolean;
}

/**
 * A vendor is open while the operator has it on (`ops vendor enable`) and an integration is configured for it
 * (only 'house' today): its games start. Any other vendor is under maintenance (issue 16).
 */
export const vendorOpen = (): SQL => sql`(${vendors.enabled} and ${vendors.integration} <> 'none')`;

/** SQL of the catalogue: games of open vendors, favourites, recent games, winners and PVP rooms. */
export function createCatalogueRepository() {
  /**
   * A game is listed while it is enabled and its vendor open: the catalogue lists only what launches (issue 16).
   * A vendor under maintenance shows as such in the vendor lanes, never through its games.
   */
  const listed = (merchantId: number): SQL[] => [
    eq(games.merchantId, merchantId),
    eq(games.enabled, true),
    sql`exists (select 1 from ${vendors} where ${vendors.merchantId} = ${games.merchantId} and ${vendors.vassalage} = ${games.vassalage} and ${vendorOpen()})`,
  ];
  const where = (merchantId: number, f: TGameFilter): SQL | undefined => {
    const w = listed(merchantId);
    if (f.playable) w.push(eq(games.isNew, false));
    if (f.category) w.push(eq(games.category, f.category));
    if (f.vassalage) w.push(eq(games.vassalage, f.vassalage));
    if (f.gameType) w.push(eq(games.gameType, f.gameType));
    if (f.groupCode) w.push(eq(games.groupCode, f.groupCode));
    if (f.hot) w.push(eq(games.isHot, true));
    // A keyword matches anywhere in the name, the base or one in another language (issue 23); LIKE's own wildcards in it
    // are taken literally.
    if (f.keyword) {
      const pattern = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      w.push(or(ilike(games.name, pattern), sql`exists (select 1 from jsonb_each(${games.texts}) t where t.value->>'name' ilike ${pattern})`) as SQL);
    }
    return and(...w);
  };

  return {
    async list(db: TTx, merchantId: number, f: TGameFilter, page: number, pageSize: number) {
      const rows = await db
        .select()
        .from(games)
        .where(where(merchantId, f))
        .orderBy(desc(games.isHot), asc(games.sort), asc(games.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(games).where(where(merchantId, f));
      return { rows, total: Number(total?.n ?? 0) };
    },
    async all(db: TTx, merchantId: number, f: TGameFilter, limit = 500) {
      return db.select().from(games).where(where(merchantId, f)).orderBy(asc(games.sort), asc(games.id)).limit(limit);
    },
    async popular(db: TTx, merchantId: number, f: TGameFilter, limit: number) {
      return db.select().from(games).where(where(merchantId, f)).orderBy(desc(games.plays), desc(games.isHot), asc(games.sort)).limit(limit);
    },
    async gameTypes(db: TTx, merchantId: number, vassalage: string) {
      return db
        .select({ gameType: games.gameType, n: count() })
        .from(games)
        .where(where(merchantId, { vassalage }))
        .groupBy(games.gameType)
        .orderBy(desc(count()), asc(games.gameType));
    },
    async byKey(db: TTx, merchantId: number, vassalage: string, gameId: string): Promise<TGameRow | null> {
      const [row] = await db.select().from(games).where(and(...listed(merchantId), eq(games.vassalage, vassalage), eq(games.gameId, gameId)));
      return row ?? null;
    },
    /** A game to launch: enabled, whatever its vendor's state (launch answers maintenance for a closed vendor). */
    async forLaunch(db: TTx, merchantId: number, vassalage: string, gameId: string): Promise<TGameRow | null> {
      const [row] = await db
        .select()
        .from(games)
        .where(and(eq(games.merchantId, merchantId), eq(games.enabled, true), eq(games.vassalage, vassalage), eq(games.gameId, gameId)));
      return row ?? null;
    },
    async byId(db: TTx, id: number): Promise<TGameRow | null> {
      const [row] = await db.select().from(games).where(eq(games.id, id));
      return row ?? null;
    },
    async favoriteKeys(db: TTx, userId: number) {
      return db
        .select({ vassalage: games.vassalage, gameId: games.gameId })
        .from(favoriteGames)
        .innerJoin(games, eq(games.id, favoriteGames.gameRowId))
        .where(eq(favoriteGames.userId, userId))
        .orderBy(desc(favoriteGames.createdAt));
    },
    async favorites(db: TTx, merchantId: number, userId: number, category: string | undefined, page: number, pageSize: number) {
      const w = and(...listed(merchantId), eq(favoriteGames.userId, userId), category ? eq(games.category, category) : undefined);
      const rows = await db
        .select({ game: games })
        .from(favoriteGames)
        .innerJoin(games, eq(games.id, favoriteGames.gameRowId))
        .where(w)
        .orderBy(desc(favoriteGames.createdAt))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db.select({ n: count() }).from(favoriteGames).innerJoin(games, eq(games.id, favoriteGames.gameRowId)).where(w);
      return { rows: rows.map((r) => r.game), total: Number(total?.n ?? 0) };
    },
    async setFavorite(db: TTx, userId: number, gameRowId: number, favorite: boolean) {
      if (favorite) await db.insert(favoriteGames).values({ userId, gameRowId }).onConflictDoNothing();
      else await db.delete(favoriteGames).where(and(eq(favoriteGames.userId, userId), eq(favoriteGames.gameRowId, gameRowId)));
    },
    async touchRecent(db: TTx, userId: number, gameRowId: number, at: Date) {
      await db
        .insert(recentGames)
        .values({ userId, gameRowId, playedAt: at })
        .onConflictDoUpdate({ target: [recentGames.userId, recentGames.gameRowId], set: { playedAt: at } });
      await db.update(games).set({ plays: sql`${games.plays} + 1` }).where(eq(games.id, gameRowId));
    },
    async recent(db: TTx, merchantId: number, userId: number, category: string | undefined, limit: number) {
      const rows = await db
        .select({ game: games })
        .from(recentGames)
        .innerJoin(games, eq(games.id, recentGames.gameRowId))
        .where(and(...listed(merchantId), eq(recentGames.userId, userId), category ? eq(games.category, category) : undefined))
        .orderBy(desc(recentGames.playedAt))
        .limit(limit);
      return rows.map((r) => r.game);
    },
    /**
     * Settled rounds that won, biggest payout first (rank list) or newest first (winner board): only of games that
     * start now, so a board never sends a player to a game under maintenance (issue 16).
     */
    async wins(db: TTx, merchantId: number, opts: { category?: string; since?: Date; order: 'amount' | 'time'; limit: number }) {
      return db
        .select({
          username: users.username,
          gameId: gameRounds.gameId,
          game: { name: games.name, texts: games.texts },
          vassalage: gameRounds.vassalage,
          amount: sql<number>`(${gameRounds.payout} - ${gameRounds.betAmount})::bigint`.mapWith(Number),
          time: gameRounds.settledAt,
        })
        .from(gameRounds)
        .innerJoin(users, eq(users.id, gameRounds.userId))
        .innerJoin(games, eq(games.id, gameRounds.gameRowId))
        .where(
          and(
            eq(gameRounds.merchantId, merchantId),
            ...listed(merchantId),
            eq(games.isNew, false),
            eq(gameRounds.status, 'settled'),
            sql`${gameRounds.payout} > ${gameRounds.betAmount}`,
            opts.category ? eq(gameRounds.category, opts.category) : undefined,
            opts.since ? gte(gameRounds.createdAt, opts.since) : undefined,
          ),
        )
        .orderBy(opts.order === 'amount' ? sql`${gameRounds.payout} - ${gameRounds.betAmount} desc` : desc(gameRounds.settledAt))
        .limit(opts.limit);
    },
    /** How a vendor is integrated: 'house', or 'none' when no integration is configured; null while it is off. */
    async vendorIntegration(db: TTx, merchantId: number, vassalage: string): Promise<string | null> {
      const [row] = await db
        .select({ integration: vendors.integration })
        .from(vendors)
        .where(and(eq(vendors.merchantId, merchantId), eq(vendors.vassalage, vassalage), eq(vendors.enabled, true)))
        .limit(1);
      return row?.integration ?? null;
    },
    async houseVendors(db: TTx, merchantId: number): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ vassalage: vendors.vassalage })
        .from(vendors)
        .where(and(eq(vendors.merchantId, merchantId), eq(vendors.integration, 'house')));
      return new Set(rows.map((r) => r.vassalage));
    },
    async room(db: TTx, merchantId: number, roomId: string) {
      const [row] = await db
        .select({ room: pvpRooms, game: games })
        .from(pvpRooms)
        .innerJoin(games, eq(games.id, pvpRooms.gameRowId))
        .where(and(eq(pvpRooms.merchantId, merchantId), eq(pvpRooms.roomId, roomId)));
      return row ?? null;
    },
    async rooms(db: TTx, merchantId: number, gameRowIds: number[]) {
      if (gameRowIds.length === 0) return [];
      return db
        .select({ room: pvpRooms, game: games })
        .from(pvpRooms)
        .innerJoin(games, eq(games.id, pvpRooms.gameRowId))
        .where(and(eq(pvpRooms.merchantId, merchantId), inArray(pvpRooms.gameRowId, gameRowIds)))
        .orderBy(asc(pvpRooms.ante), asc(pvpRooms.roomId));
    },
  };
}

export type TCatalogueRepository = ReturnType<typeof createCatalogueRepository>;
