import type { TDb } from '../../db/client.ts';
import { ACTIVE_MEMBER_VALID_BET } from './settlement.service.ts';
import { dayRangeOf, daysBetween, type TRange } from './team-range.ts';
import type { TTeamRollup } from './team-rollup.ts';

const n = (v: unknown): number => Number(v ?? 0);

/**
 * The agent centre's team overview, read from the team rollups (team_days per agent and local day) after they
 * caught up with every queued change: a team of any size costs a few rows per day, not a scan of the team.
 */
export function createTeamOverviewService(deps: { db: TDb; timeZone: () => Promise<string>; rollup: TTeamRollup; now?: () => Date }) {
  const { db } = deps;
  const range = dayRangeOf({ timeZone: deps.timeZone, now: deps.now ?? (() => new Date()) });
  const repo = deps.rollup.repo;

  return {
    async overview(agentId: number, input: TRange) {
      const r = await range(input);
      await deps.rollup.catchUp();
      const rows = await repo.days(db, agentId, r.from, r.to);
      const all = await repo.allTime(db, agentId);
      const direct = await repo.directCounts(db, agentId);
      // Valid bets are never negative: a range without any has no active member to look for.
      const active = rows.some((d) => n(d.valid_bet) !== 0) ? await deps.rollup.activeMembers(agentId, r.from, r.to, ACTIVE_MEMBER_VALID_BET) : 0;
      const byDay = new Map(rows.map((d) => [d.day, d]));
      const series = daysBetween(r.from, r.to).map((date) => {
        const d = byDay.get(date);
        return {
          date,
          deposit: n(d?.deposit),
          withdrawal: -n(d?.withdrawal),
          betAmount: n(d?.bet_amount),
          validBet: n(d?.valid_bet),
          payout: n(d?.payout),
          winLoss: n(d?.win_loss),
          bonus: n(d?.bonus),
        };
      });
      const totals = series.reduce(
        (t, d) => ({
          deposit: t.deposit + d.deposit,
          withdrawal: t.withdrawal + d.withdrawal,
          betAmount: t.betAmount + d.betAmount,
          validBet: t.validBet + d.validBet,
          payout: t.payout + d.payout,
          winLoss: t.winLoss + d.winLoss,
          bonus: t.bonus + d.bonus,
        }),
        { deposit: 0, withdrawal: 0, betAmount: 0, validBet: 0, payout: 0, winLoss: 0, bonus: 0 },
      );
      return {
        teamSize: all.size,
        directMembers: direct.members,
        directAgents: direct.agents,
        newMembers: rows.reduce((s, d) => s + n(d.registered), 0),
        activeMembers: active,
        teamBalance: all.balance,
        totals,
        series,
      };
    },
  };
}
