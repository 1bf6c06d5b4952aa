import { DT_BETS, DT_LIMITS, DT_RTP, DT_SIDE_KINDS, DT_WIN_RETURN, type DragonTigerDetail, type TDtBet, type TDtResult } from '@playhall/contract/house-rules/dragon-tiger';
import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import { BACCARAT_DEFS, CARD_BACK } from '../baccarat/baccarat-art.ts';
import { createCardBets, dealtCard, rulesBody } from '../baccarat/card-table.ts';
import { createRoads } from '../baccarat/road-view.ts';
import { byKey, h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { dtText, type TDtText } from './dt-text.ts';

const SIDES = ['dragon', 'tiger'] as const;
type TSide = (typeof SIDES)[number];

/** A bet's label in the page's language ("Dragon big" reads as the side's word then the kind's). */
export function betLabel(t: TDtText, bet: TDtBet): string {
  if (bet === 'dragon' || bet === 'tiger' || bet === 'tie' || bet === 'suitedTie') return t(bet);
  const side: TSide = bet.startsWith('dragon') ? 'dragon' : 'tiger';
  return `${t(side)} ${t(bet.slice(side.length) as (typeof DT_SIDE_KINDS)[number])}`;
}

/** "1 : 1", "11 : 1" from the engine's return in hundredths (stake included). */
export const paysOf = (bet: TDtBet): string => `${(DT_WIN_RETURN[bet] - 100) / 100} : 1`;

/** The dragon tiger table: two card boxes, the main spots, each side's side bets, chips, and the scoreboard. */
export function mountDragonTiger(ctx: TGameContext): void {
  const t = dtText();
  document.body.append(svg('0 0 0 0', `<defs>${BACCARAT_DEFS}</defs>`, 'bac-defs'));

  let last: Partial<Record<TDtBet, number>> | null = null;
  const resultText: Record<TDtResult, string> = { dragon: t('resultDragon'), tiger: t('resultTiger'), tie: t('resultTie') };

  const boxes = byKey(SIDES, (side) => {
    const slot = h('div', { class: 'bac-cards dt-slot', 'data-testid': `dt-card-${side}` });
    const box = h('div', { class: `dt-box dt-box-${side}` }, h('div', { class: 'dt-box-head' }, t(side)), slot);
    return { box, slot };
  });
  const result = h('div', { class: 'bac-result dt-result', 'data-testid': 'dt-result', hidden: true, role: 'status' });
  const hint = h('p', { class: 'bac-hint', 'data-testid': 'dt-hint', 'aria-live': 'polite' }, t('hintStart'));

  const table = createCardBets({
    prefix: 'dt',
    bets: DT_BETS,
    t,
    limitOf: (bet) => DT_LIMITS[bet],
    spot: (bet, { stack, amount, outcome }, place) => {
      const main = bet === 'dragon' || bet === 'tiger' || bet === 'tie' || bet === 'suitedTie';
      const button = h('button', { type: 'button', class: `bac-spot dt-spot dt-spot-${bet}${main ? ' dt-spot-main' : ' dt-spot-side'}`, 'data-testid': `dt-spot-${bet}`, onclick: place },
        h('span', { class: 'bac-spot-name' }, main ? t(bet) : t(bet.slice(bet.startsWith('dragon') ? 6 : 5) as (typeof DT_SIDE_KINDS)[number])),
        h('span', { class: 'bac-spot-pays' }, t('pays', { pays: paysOf(bet) })),
        stack,
        amount,
        outcome,
      );
      button.setAttribute('aria-label', `${betLabel(t, bet)} · ${t('pays', { pays: paysOf(bet) })}`);
      return button;
    },
    onClearOutcomes: () => {
      result.hidden = true;
      for (const side of SIDES) boxes[side].box.classList.remove('is-winner');
    },
    onRender: (total) => {
      deal.disabled = table.dealing() || total === 0;
      rebet.disabled = table.dealing() || total > 0 || last === null;
    },
  });
  const spots = table.spots;
  const rebet = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'dt-rebet', onclick: () => repeat() }, t('rebet'));
  const deal = h('button', { type: 'button', class: 'hg-btn hg-btn-primary bac-deal', 'data-testid': 'dt-deal', onclick: () => void play() }, t('deal'));
  const info = h('button', { type: 'button', class: 'hg-btn hg-btn-sm dt-info', 'data-testid': 'dt-info', onclick: () => showInfo() }, t('info'));
  const roads = createRoads({
    title: t('roads'), bead: t('roadBead'), big: t('roadBig'), bigEye: t('roadBigEye'), small: t('roadSmall'), cockroach: t('roadCockroach'),
    a: t('beadA'), b: t('beadB'), t: t('beadT'), empty: t('roadEmpty'),
  }, 'dt');

  function repeat() {
    const from = last;
    if (from) table.set((bet) => from[bet] ?? 0);
  }

  function showInfo() {
    const rtp = titleOfEngine('HOUSE_DRAGON_TIGER')?.rtp ?? DT_RTP.dragon;
    ctx.showInfo(t('info'), rulesBody('dt', t, rtp, DT_BETS.filter((b) => !b.startsWith('tiger') || b === 'tiger').map((bet) => ({
      name: bet.startsWith('dragon') && bet !== 'dragon' ? `${t('dragon')} / ${t('tiger')} ${t(bet.slice(6) as (typeof DT_SIDE_KINDS)[number])}` : bet === 'tiger' ? t('tiger') : betLabel(t, bet),
      pays: paysOf(bet),
      rtp: DT_RTP[bet],
      limits: DT_LIMITS[bet],
    }))));
  }

  async function show(detail: DragonTigerDetail) {
    const quick = reducedMotion();
    for (const side of SIDES) boxes[side].slot.replaceChildren();
    for (const side of SIDES) {
      const el = dealtCard(detail[side], side === 'dragon' ? { x: 260, y: -120 } : { x: -40, y: -120 });
      boxes[side].slot.append(el);
      if (!quick) await sleep(420);
      el.classList.add('is-open');
      if (!quick) await sleep(300);
    }
    result.replaceChildren(
      h('span', {}, resultText[detail.result]),
      h('strong', { class: 'hg-num' }, `${detail.dragon[0] === 'T' ? '10' : detail.dragon[0]} : ${detail.tiger[0] === 'T' ? '10' : detail.tiger[0]}`),
      ...(detail.suited ? [h('em', {}, t('resultSuited'))] : []),
    );
    result.className = `bac-result dt-result dt-result-${detail.result}`;
    result.hidden = false;
    if (detail.result !== 'tie') boxes[detail.result].box.classList.add('is-winner');
    for (const b of detail.bets) {
      const spot = spots[b.bet];
      spot.button.classList.add(b.outcome === 'half' ? 'is-push' : `is-${b.outcome}`);
      spot.outcome.textContent = b.outcome === 'win' ? `+${money(b.payout - b.stake)}` : b.outcome === 'half' ? `${t('outcomeHalf')} ${money(b.payout)}` : `−${money(b.stake)}`;
    }
  }

  async function play() {
    if (table.dealing()) return;
    const input = table.input();
    if (Object.keys(input).length === 0) return;
    table.setDealing(true);
    hint.textContent = t('hintNoMore');
    try {
      const round = await ctx.play<DragonTigerDetail>(input);
      if (!round) {
        hint.textContent = t('hintNotDealt');
        return;
      }
      last = input;
      ctx.showStakeTaken(round);
      await show(round.detail);
      roads.add(round.detail.result === 'dragon' ? 'a' : round.detail.result === 'tiger' ? 'b' : 't');
      hint.textContent = round.payout === 0 ? t('hintNoWin') : t('hintPaid', { payout: money(round.payout), stake: money(round.stake) });
      ctx.settle(round, t('summary', {
        result: resultText[round.detail.result], dragon: round.detail.dragon, tiger: round.detail.tiger,
        money: round.payout > 0 ? t('paidShort', { money: money(round.payout) }) : t('noWin'),
      }));
      table.empty();
    } finally {
      table.setDealing(false);
    }
  }

  const sidePanel = (side: TSide) =>
    h('div', { class: `dt-sides dt-sides-${side}`, role: 'group', 'aria-label': t('sideBets', { side: t(side) }) },
      h('span', { class: 'dt-sides-title' }, t('sideBets', { side: t(side) })),
      h('div', { class: 'dt-sides-grid' }, ...DT_SIDE_KINDS.map((kind) => spots[`${side}${kind}` as TDtBet].button)),
    );

  table.start();
  ctx.stage.append(
    h('div', { class: 'bac-room dt-room' },
      h('div', { class: 'bac-table dt-table' },
        h('div', { class: 'bac-shoe', 'aria-hidden': 'true' }, svg('0 0 60 84', CARD_BACK, 'bac-shoe-card'), svg('0 0 60 84', CARD_BACK, 'bac-shoe-card')),
        h('div', { class: 'bac-title' }, t('title'), h('small', {}, t('subtitle'))),
        info,
        h('div', { class: 'dt-hands' }, boxes.dragon.box, h('div', { class: 'bac-vs' }, 'VS'), boxes.tiger.box),
        result,
        h('div', { class: 'dt-main' }, spots.dragon.button, h('div', { class: 'dt-tie-col' }, spots.tie.button, spots.suitedTie.button), spots.tiger.button),
        h('div', { class: 'dt-side-row' }, sidePanel('dragon'), sidePanel('tiger')),
        h('p', { class: 'dt-limits hg-num', 'data-testid': 'dt-limits' }, t('limits', { min: money(DT_LIMITS.dragon.min), max: money(DT_LIMITS.dragon.max) })),
      ),
      hint,
      h('div', { class: 'bac-bar' },
        table.chipRack,
        table.totalBox,
        table.clear,
        rebet,
        deal,
      ),
      roads.box,
    ),
  );
}
