import type { TBookBet, TBookBetLeg, TBookOutcome } from '@playhall/contract/sportsbook-api';
import { h } from '../shared/dom.ts';
import { marketName, selectionName } from './book-slip.ts';
import type { TBookContext } from './book-context.ts';

const OUTCOME_TONE: Record<TBookOutcome, string> = { win: 'is-win', halfWin: 'is-win', push: 'is-push', void: 'is-push', halfLoss: 'is-loss', loss: 'is-loss' };

export function outcomeBadge(ctx: TBookContext, outcome: TBookOutcome | null, testId: string): HTMLElement {
  return h('span', { class: `sb-outcome ${outcome ? OUTCOME_TONE[outcome] : 'is-pending'}`, 'data-testid': testId, 'data-outcome': outcome ?? 'pending' }, ctx.t(outcome ? `out.${outcome}` : 'out.pending'));
}

function legRow(ctx: TBookContext, leg: TBookBetLeg): HTMLElement {
  return h('li', { class: 'sb-bet-leg', 'data-testid': 'sb-bet-leg' },
    h('div', {},
      h('strong', {}, selectionName(leg.kind, leg.line, leg.selection, leg, ctx.t)),
      h('span', { class: 'hg-muted' }, `${marketName(leg.kind, leg.line, ctx.t)} · ${leg.league}`),
      h('span', { class: 'hg-muted' }, `${leg.home} – ${leg.away} · ${ctx.dateTime(leg.kickoffAt)}`, leg.result ? h('strong', { class: 'sb-score hg-num' }, ` ${leg.result.home}–${leg.result.away}`) : null),
    ),
    h('div', { class: 'sb-bet-leg-side' }, h('span', { class: 'hg-num' }, `@ ${ctx.odds(leg.odds)}`), outcomeBadge(ctx, leg.outcome, 'sb-leg-outcome')),
  );
}

/** One bet: its kind, stake, odds, what it pays (or may pay), its legs with their outcomes. */
export function betCard(ctx: TBookContext, bet: TBookBet): HTMLElement {
  const { t } = ctx;
  const settled = bet.status === 'settled';
  return h('article', { class: 'sb-bet', 'data-testid': 'sb-bet', 'data-bet-id': bet.betId, 'data-status': bet.status },
    h('header', { class: 'sb-bet-head' },
      h('strong', {}, bet.legs.length === 1 ? t('single') : t('parlay', { n: bet.legs.length })),
      settled ? outcomeBadge(ctx, bet.outcome, 'sb-bet-outcome') : outcomeBadge(ctx, null, 'sb-bet-outcome'),
      h('code', { class: 'sb-bet-id hg-muted', title: t('betId') }, bet.betId),
    ),
    h('ul', { class: 'sb-bet-legs' }, ...bet.legs.map((leg) => legRow(ctx, leg))),
    h('dl', { class: 'sb-bet-figures' },
      h('div', {}, h('dt', {}, t('stake')), h('dd', { class: 'hg-num', 'data-testid': 'sb-bet-stake' }, ctx.money(bet.stake))),
      h('div', {}, h('dt', {}, t('odds')), h('dd', { class: 'hg-num' }, ctx.odds(bet.odds))),
      settled
        ? h('div', {}, h('dt', {}, t('payout')), h('dd', { class: `hg-num ${bet.payout > 0 ? 'hg-win' : ''}`, 'data-testid': 'sb-bet-payout' }, ctx.money(bet.payout)))
        : h('div', {}, h('dt', {}, t('toWin')), h('dd', { class: 'hg-num', 'data-testid': 'sb-bet-potential' }, ctx.money(bet.potentialPayout))),
      h('div', {}, h('dt', {}, settled && bet.settledAt ? t('settledAt') : t('placedAt')), h('dd', { class: 'hg-num' }, ctx.dateTime(settled && bet.settledAt ? bet.settledAt : bet.placedAt))),
    ),
    bet.settleCount > 1 ? h('p', { class: 'hg-muted' }, t('resettled', { n: bet.settleCount })) : null,
  );
}
