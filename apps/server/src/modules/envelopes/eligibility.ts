import { sql } from 'drizzle-orm';
import type { TIneligibleReason } from '@playhall/contract/calls/promotions';
import { rowsOf, type TTx } from '../../db/client.ts';
import type { TEligibility } from '../promotions/activity-terms.ts';

const DAY_MS = 86_400_000;

/**
 * Why a member is left out by an eligibility (activities and red-envelope rains share its shape, ZEligibility):
 * none when every rule holds. One statement. VIP levels and member labels come with their issue: today every member
 * is level 0 and carries no label, so a rule on either leaves everyone out, as it will leave out whoever lacks them.
 */
export async function ineligibleReasons(db: TTx, userId: number, rules: TEligibility, now: Date): Promise<TIneligibleReason[]> {
  const reasons: TIneligibleReason[] = [];
  if (rules.minVipLevel !== undefined && rules.minVipLevel > 0) reasons.push('vipLevel');
  if (rules.labels !== undefined && rules.labels.length > 0) reasons.push('memberLabel');
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const [row] = rowsOf<{ is_new: boolean; downline: boolean; deposit: string; valid_bet: string }>(
    await db.execute(sql`
      select ${rules.newWithinDays !== undefined ? sql`u.created_at >= ${since(rules.newWithinDays)}::timestamptz` : sql`true`} as is_new,
        ${rules.agent ? sql`exists (select 1 from user_paths p where p.ancestor_id = ${rules.agent.id} and p.descendant_id = u.id and p.depth >= 1)` : sql`true`} as downline,
        ${
          rules.minDeposit
            ? sql`(select coalesce(sum(d.amount), 0) from deposits d where d.user_id = u.id and d.status = 'credited' and d.credited_at >= ${since(rules.minDeposit.days)}::timestamptz)`
            : sql`0`
        }::text as deposit,
        ${
          rules.minValidBet
            ? sql`((select coalesce(sum(r.valid_bet), 0) from game_rounds r where r.user_id = u.id and r.status = 'settled' and r.created_at >= ${since(rules.minValidBet.days)}::timestamptz)
                 + (select coalesce(sum(t.amount), 0) from lottery_tickets t where t.user_id = u.id and t.status in ('won', 'lost') and t.created_at >= ${since(rules.minValidBet.days)}::timestamptz))`
            : sql`0`
        }::text as valid_bet
      from users u where u.id = ${userId}`),
  );
  if (!row) return ['login'];
  if (!row.is_new) reasons.unshift('notNewMember');
  if (!row.downline) reasons.push('agentTree');
  if (rules.minDeposit && Number(row.deposit) < rules.minDeposit.amount) reasons.push('minDeposit');
  if (rules.minValidBet && Number(row.valid_bet) < rules.minValidBet.amount) reasons.push('minValidBet');
  return reasons;
}
