import type { FastifyInstance } from 'fastify';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { installSecret } from '../crypto/install-secret.ts';
import { registerSeamlessRoutes } from '../seamless/seamless.routes.ts';
import { createSeamlessService } from '../seamless/seamless.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createHouseRepository } from './house.repository.ts';
import { registerHouseRoutes } from './house.routes.ts';
import { registerHandModule } from './hand.routes.ts';
import { createDiceRoomService } from './dice-room.service.ts';
import { registerCrashGame } from './crash.routes.ts';
import { createBetRoomService } from './bet-room.service.ts';
import { registerBetRoomRoutes } from './bet-room.routes.ts';
import { createHouseService, type THouseService, type TSeamlessClient } from './house.service.ts';
import { createOrphanDebitRecovery } from './orphan-debits.ts';

/** House vendors (integration 'house') share one signing secret, derived per install. */
export const HOUSE_SECRET_PURPOSE = 'house-vendor-seamless';

/**
 * Wires the seamless wallet (its signed vendor endpoints) and the house vendor, whose rounds pay through the
 * same seamless service (and so the same `seamless_call` of the database) that a third-party vendor's signed
 * calls reach.
 */
export function registerHouseModule(
  app: FastifyInstance,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry; houseVendors: () => Promise<Set<string>>; balance: (userId: number) => Promise<number> },
): THouseService {
  const { db } = deps;
  const seamless = createSeamlessService({ db });
  let secret: Promise<string> | null = null;
  const houseSecret = () => (secret ??= installSecret(db, HOUSE_SECRET_PURPOSE));
  registerSeamlessRoutes(app, {
    seamless,
    merchantId: async () => (await deps.site.get()).merchant.id,
    secretOf: async (vassalage) => ((await deps.houseVendors()).has(vassalage) ? houseSecret() : null),
  });

  const houseRepo = createHouseRepository();
  // The house is this server: it calls the seamless service the signed endpoints call, without the HTTP hop
  // and the signature a vendor on another host needs (docs/decisions.md, performance).
  const client: TSeamlessClient = async (vassalage, op, body) => seamless.run((await deps.site.get()).merchant.id, { op, vassalage, ...body });
  const house = createHouseService({ db, repo: houseRepo, seamless: client });
  const rooms = createDiceRoomService({ db, repo: houseRepo, seamless: client });
  registerHouseRoutes(app, { house, rooms, balance: deps.balance, site: deps.site });
  registerHandModule(app, { db, repo: houseRepo, seamless: client, jobs: deps.jobs });
  deps.jobs.onTick('house.diceRooms', (now) => rooms.rollDue(now));
  registerCrashGame(app, { db, repo: houseRepo, seamless: client, jobs: deps.jobs, balance: deps.balance, site: deps.site });
  // Xóc đĩa and bầu cua rooms (issue 21): their own service and routes, decided on the same tick.
  const betRooms = createBetRoomService({ db, repo: houseRepo, seamless: client });
  registerBetRoomRoutes(app, { rooms: betRooms, site: deps.site });
  deps.jobs.onTick('house.betRooms', (now) => betRooms.settleDue(now));
  deps.jobs.handle('house.recoverRounds', { run: async () => void (await house.recoverStaleRounds()) });
  deps.jobs.every({ name: 'house.recoverRounds', slotOf: (now) => new Date(Math.floor(now.getTime() / 60_000) * 60_000) });
  // Debits whose record never came (a process that died between the two steps): rolled back once (orphan-debits.ts).
  const orphans = createOrphanDebitRecovery({ db });
  deps.jobs.handle('house.recoverOrphanDebits', { run: async (ctx) => void (await orphans.run(ctx.now)) });
  deps.jobs.every({ name: 'house.recoverOrphanDebits', slotOf: (now) => new Date(Math.floor(now.getTime() / 60_000) * 60_000) });
  return house;
}
