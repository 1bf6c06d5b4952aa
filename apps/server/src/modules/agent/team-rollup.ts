import type { TDb } from '../../db/client.ts';
import { createTeamRollupRepository } from './team-rollup.repository.ts';

/** Queued changes applied per transaction. */
const CHUNK = 50_000;

/**
 * The team rollups (docs/decisions.md, agent rollups): triggers queue every change to what the team pages add up,
 * and `catchUp` applies the queue to member_days and team_days. It runs on every scheduler tick and before a
 * team page reads the rollups, so a page shows everything committed before it was asked, exactly as the direct
 * sums over the team would.
 */
export function createTeamRollup(deps: { db: TDb; timeZone: () => Promise<string> }) {
  const repo = createTeamRollupRepository();
  return {
    repo,
    /** Applies everything queued; returns how many changes it applied. */
    async catchUp(): Promise<number> {
      const timeZone = await deps.timeZone();
      let total = 0;
      for (;;) {
        const n = await deps.db.transaction(async (tx) => {
          await repo.lock(tx);
          return repo.applyQueued(tx, timeZone, CHUNK);
        });
        total += n;
        if (n < CHUNK) return total;
      }
    },

    /**
     * Members of the agent's team whose valid bet over [from, to] reaches `threshold`: counted from member_days once
     * per range, then kept (team_active_counts) until the rollup changes a valid bet of the team on a day of the
     * range, which deletes it. The count and its keeping happen under the shared rollup lock, so no change applied
     * in between is missed; a kept count is read without it (a change not yet committed is not in member_days either).
     */
    async activeMembers(agentId: number, from: string, to: string, threshold: number): Promise<number> {
      const kept = await repo.keptActiveMembers(deps.db, agentId, from, to, threshold);
      if (kept !== null) return kept;
      return deps.db.transaction(async (tx) => {
        await repo.lockShared(tx);
        const active = await repo.activeMembers(tx, agentId, from, to, threshold);
        await repo.keepActiveMembers(tx, agentId, from, to, threshold, active);
        return active;
      });
    },
  };
}

export type TTeamRollup = ReturnType<typeof createTeamRollup>;
