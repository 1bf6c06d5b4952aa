import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TTx } from './client.ts';
import * as t from './schema.ts';
import { DEFAULT_TIME_ZONE, wallClock } from '../lib/zoned-time.ts';
import { ZImportFile } from '../modules/sportsbook/sportsbook.args.ts';
import { importFixtures } from '../modules/sportsbook/sportsbook.ops.ts';

/** The example fixtures file of `ops sports import`, which the demo imports too. */
export const EXAMPLE_FIXTURES_FILE = path.join(import.meta.dirname, 'sports-fixtures.example.json');

const DAY_MS = 86_400_000;

/**
 * The demo's real-looking fixtures (issue 20): the example fixtures file, its kick-offs moved by whole days so that its
 * first match day is tomorrow in the site's time zone (times of day kept), open for bets at once. The virtual leagues
 * need no seed: the first scheduler tick makes their rounds.
 */
export async function seedDemoSports(tx: TTx, merchantId: number, now = new Date()): Promise<number> {
  const file = ZImportFile.parse(JSON.parse(fs.readFileSync(EXAMPLE_FIXTURES_FILE, 'utf8')));
  const [merchant] = await tx.select({ tz: t.merchants.timeZone }).from(t.merchants).where(eq(t.merchants.id, merchantId));
  const tz = merchant?.tz ?? DEFAULT_TIME_ZONE;
  const localDay = (at: number) => Math.floor(wallClock(tz, at) / DAY_MS);
  const first = Math.min(...file.fixtures.map((f) => localDay(Date.parse(f.kickoff))));
  const shift = (localDay(now.getTime()) + 1 - first) * DAY_MS;
  const fixtures = file.fixtures.map((f) => ({ ...f, kickoff: new Date(Date.parse(f.kickoff) + shift).toISOString() }));
  return (await importFixtures(tx, merchantId, fixtures)).added.length;
}
