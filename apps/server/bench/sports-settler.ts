/**
 * One settling process of the `sports` bench part (bench/sports.ts starts two at once): enters the results of every fixture given
 * at once, through the same settlement the operator's command and the virtual-rounds job run, and prints its counts
 * as one JSON line with the wall-clock times it started and ended. DATABASE_URL, SPORTS_MERCHANT, SPORTS_RESULTS (JSON: [[fixtureId, {home, away}], …]), SPORTS_AT.
 */
import { openDatabase } from '../src/db/client.ts';
import { createSportsSettlement, type TSettleCounts } from '../src/modules/sportsbook/sportsbook.settlement.ts';

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, dataDir: null });
try {
  const settlement = createSportsSettlement({ db: database.db, merchantId: Number(process.env.SPORTS_MERCHANT) });
  const results = JSON.parse(process.env.SPORTS_RESULTS ?? '[]') as [number, { home: number; away: number }][];
  const at = new Date(process.env.SPORTS_AT ?? Date.now());
  const total: TSettleCounts = { legs: 0, settled: 0, reopened: 0, reversed: 0, paid: 0, taken: 0, unrecovered: 0 };
  // The wall clock around the settlement only (a process's start-up is not settlement): the bench spans both.
  const startedAt = Date.now();
  const got = await settlement.resultFixtures(
    results.map(([fixtureId, result]) => ({ fixtureId, result })),
    at,
  );
  for (const k of Object.keys(total) as (keyof TSettleCounts)[]) total[k] += got[k];
  console.log(JSON.stringify({ ...total, startedAt, endedAt: Date.now() }));
} finally {
  await database.close();
}
