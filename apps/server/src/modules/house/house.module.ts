import type { FastifyInstance } from 'fastify';
import type { TJobRegistry } from '../../app.ts';
import type { TDb } from '../../db/client.ts';
import { signBody } from '../../lib/hmac-signature.ts';
import { installSecret } from '../crypto/install-secret.ts';
import { createLedgerRepository } from '../ledger/ledger.repository.ts';
import { createLedger } from '../ledger/ledger.service.ts';
import { createSeamlessRepository } from '../seamless/seamless.repository.ts';
import { registerSeamlessRoutes } from '../seamless/seamless.routes.ts';
import { createSeamlessService, type TSeamlessAnswer } from '../seamless/seamless.service.ts';
import type { TSiteConfigLoader } from '../system/site-config.ts';
import { createHouseRepository } from './house.repository.ts';
import { registerHouseRoutes } from './house.routes.ts';
import { createDiceRoomService } from './dice-room.service.ts';
import { createHouseService, type THouseService, type TSeamlessClient } from './house.service.ts';

/** House vendors (integration 'house') share one signing secret, derived per install. */
export const HOUSE_SECRET_PURPOSE = 'house-vendor-seamless';

/**
 * Wires the seamless wallet (its signed vendor endpoints) and the house vendor, whose rounds pay through
 * those same endpoints: each call is signed and sent to `/seamless/<vendor>/<op>` in-process
 * (`app.inject`), so the house takes exactly the path a third-party vendor's calls take.
 */
export function registerHouseModule(
  app: FastifyInstance,
  deps: { db: TDb; site: Pick<TSiteConfigLoader, 'get'>; jobs: TJobRegistry; houseVendors: () => Promise<Set<string>>; balance: (userId: number) => Promise<number> },
): THouseService {
  const { db } = deps;
  const ledgerRepo = createLedgerRepository();
  const seamless = createSeamlessService({ db, repo: createSeamlessRepository(), ledgerRepo, ledger: createLedger({ repo: ledgerRepo }) });
  let secret: Promise<string> | null = null;
  const houseSecret = () => (secret ??= installSecret(db, HOUSE_SECRET_PURPOSE));
  registerSeamlessRoutes(app, {
    seamless,
    merchantId: async () => (await deps.site.get()).merchant.id,
    secretOf: async (vassalage) => ((await deps.houseVendors()).has(vassalage) ? houseSecret() : null),
  });

  const houseRepo = createHouseRepository();
  const client: TSeamlessClient = async (vassalage, op, body) => {
    const raw = JSON.stringify({ ...body, timestamp: Date.now() });
    const res = await app.inject({
      method: 'POST',
      url: `/seamless/${encodeURIComponent(vassalage)}/${op}`,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(await houseSecret(), raw) },
      payload: raw,
    });
    const answer = res.json() as { status: string; txnId: string; balance: number | null; error?: string; duplicate: boolean };
    if (res.statusCode !== 200) throw new Error(`seamless ${op} answered ${res.statusCode}: ${res.body}`);
    return answer.status === 'ok'
      ? { ok: true, txnId: answer.txnId, balance: answer.balance ?? 0, duplicate: answer.duplicate }
      : ({ ok: false, txnId: answer.txnId, error: answer.error, balance: answer.balance, duplicate: answer.duplicate } as TSeamlessAnswer);
  };
  const house = createHouseService({ db, repo: houseRepo, seamless: client });
  const rooms = createDiceRoomService({ db, repo: houseRepo, seamless: client });
  registerHouseRoutes(app, { house, rooms, balance: deps.balance });
  deps.jobs.onTick('house.diceRooms', (now) => rooms.rollDue(now));
  deps.jobs.handle('house.recoverRounds', { run: async () => void (await house.recoverStaleRounds()) });
  deps.jobs.every({ name: 'house.recoverRounds', slotOf: (now) => new Date(Math.floor(now.getTime() / 60_000) * 60_000) });
  return house;
}
