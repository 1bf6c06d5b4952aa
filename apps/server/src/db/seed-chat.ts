import { eq } from 'drizzle-orm';
import type { TDb } from './client.ts';
import * as t from './schema.ts';

/** The chat rooms a site starts with (issue 19); the web shows each code's translated name, `name` otherwise. */
export const DEFAULT_CHAT_ROOMS = [
  { code: 'lobby', name: 'Lobby', sort: 0 },
  { code: 'lottery', name: 'Lottery talk', sort: 1 },
  { code: 'sports', name: 'Sports & esports', sort: 2 },
] as const;

/**
 * The default rooms, on a site that has no room yet (a new site, or one made before the chat room existed); the
 * operator changes them with `ops chat room …`, and a room it disabled is not brought back.
 */
export async function seedChatRooms(db: TDb, merchantId: number): Promise<void> {
  const [any] = await db.select({ id: t.chatRooms.id }).from(t.chatRooms).where(eq(t.chatRooms.merchantId, merchantId)).limit(1);
  if (any) return;
  await db
    .insert(t.chatRooms)
    .values(DEFAULT_CHAT_ROOMS.map((r) => ({ merchantId, ...r })))
    .onConflictDoNothing();
}

/** A friendly start of the lobby, so the demo's room is not empty: the demo members talked during the last hour. */
export async function seedDemoChat(db: TDb, merchantId: number, demo: { member01: number; member02: number; member03: number }, now = new Date()): Promise<void> {
  const [lobby] = await db.select({ id: t.chatRooms.id }).from(t.chatRooms).where(eq(t.chatRooms.merchantId, merchantId)).orderBy(t.chatRooms.sort).limit(1);
  if (!lobby) return;
  const lines: [number, number, string][] = [
    [58, demo.member02, 'Good evening everyone 👋'],
    [55, demo.member01, 'Hi! Anyone tried the Lucky Crown slot today?'],
    [51, demo.member03, 'Yes, hit 20x on my third spin 🎉'],
    [44, demo.member02, 'Nice one! The lottery draw is coming up, good luck all 🍀'],
    [30, demo.member03, 'Xin chào mọi người!'],
    [12, demo.member01, 'Remember to claim your VIP bonus this month 😉'],
  ];
  await db
    .insert(t.chatMessages)
    .values(lines.map(([minutesAgo, userId, text], i) => ({ roomId: lobby.id, userId, text, clientId: `demo-seed-${i + 1}`, createdAt: new Date(now.getTime() - minutesAgo * 60_000) })))
    .onConflictDoNothing();
}
