import { BACCARAT_BETS, BACCARAT_LIMITS, BACCARAT_PAYS, BACCARAT_RTP } from '@playhall/contract/house-rules/baccarat';
import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import { byKey, h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { BACCARAT_DEFS, CARD_BACK } from './baccarat-art.ts';
import { BETS, dealOrder, handTotal, SIDE_BETS, type TBaccaratDetail, type TResult } from './baccarat-rules.ts';
import { bacText } from './bac-text.ts';
import { createCardBets, dealtCard, rulesBody } from './card-table.ts';
import { createRoads } from './road-view.ts';

const HANDS = ['player', 'banker'] as const;
type THand = (typeof HANDS)[number];

/** The baccarat table: bet spots and side bets, chips, the dealt hands, the result and the scoreboard. */
export function mountBaccarat(ctx: TGameContext): void {
  const t = bacText();
  document.body.append(svg('0 0 0 0', `<defs>${BACCARAT_DEFS}</defs>`, 'bac-defs'));

  const resultText: Record<TResult, string> = { player: t('resultPlayer'), banker: t('resultBanker'), tie: t('resultTie') };

  const hands = byKey(HANDS, (hand) => {
    const cards = h('div', { class: 'bac-cards', 'data-testid': `bac-cards-${hand}` });
    const total = h('span', { class: 'bac-total hg-num', 'data-testid': `bac-total-${hand}` }, '–');
    const box = h('div', { class: `bac-hand bac-hand-${hand}` }, h('div', { class: 'bac-hand-head' }, h('span', {}, hand === 'player' ? t('handPlayer') : t('handBanker')), total), cards);
    return { box, cards, total };
  });
  const shoe = h('div', { class: 'bac-shoe', 'aria-hidden': 'true' }, svg('0 0 60 84', CARD_BACK, 'bac-shoe-card'), svg('0 0 60 84', CARD_BACK, 'bac-shoe-card'));
  const result = h('div', { class: 'bac-result', 'data-testid': 'bac-result', hidden: true, role: 'status' });
  const hint = h('p', { class: 'bac-hint', 'data-testid': 'bac-hint', 'aria-live': 'polite' }, t('hintStart'));

  const table = createCardBets({
    prefix: 'bac',
    bets: BACCARAT_BETS,
    t,
    limitOf: (bet) => BACCARAT_LIMITS[bet],
    spot: (bet, { stack, amount, outcome }, place) => {
      const side = (SIDE_BETS as readonly string[]).includes(bet);
      return h('button', { type: 'button', class: `bac-spot bac-spot-${bet}${side ? ' bac-spot-side' : ''}`, 'data-testid': `bac-spot-${bet}`, onclick: place },
        h('span', { class: 'bac-spot-name' }, t(bet)),
        h('span', { class: 'bac-spot-pays' }, t('pays', { pays: BACCARAT_PAYS[bet] })),
        stack,
        amount,
        outcome,
      );
    },
    onClearOutcomes: () => {
      result.hidden = true;
      for (const hand of HANDS) hands[hand].box.classList.remove('is-winner');
    },
    onRender: (total) => {
      deal.disabled = table.dealing() || total === 0;
    },
  });
  const spots = table.spots;
  const deal = h('button', { type: 'button', class: 'hg-btn hg-btn-primary bac-deal', 'data-testid': 'bac-deal', onclick: () => void play() }, t('deal'));
  const info = h('button', { type: 'button', class: 'hg-btn hg-btn-sm bac-info', 'data-testid': 'bac-info', onclick: () => showInfo() }, t('info'));
  const roads = createRoads({
    title: t('roads'), bead: t('roadBead'), big: t('roadBig'), bigEye: t('roadBigEye'), small: t('roadSmall'), cockroach: t('roadCockroach'),
    a: t('beadA'), b: t('beadB'), t: t('beadT'), empty: t('roadEmpty'),
  }, 'bac');

  function showInfo() {
    const rtp = titleOfEngine('HOUSE_BACCARAT')?.rtp ?? BACCARAT_RTP.banker;
    ctx.showInfo(t('info'), rulesBody('bac', t, rtp, [...BETS, ...SIDE_BETS].map((bet) => (
      { name: t(bet), pays: BACCARAT_PAYS[bet], rtp: BACCARAT_RTP[bet], limits: BACCARAT_LIMITS[bet] }))));
  }

  const shoeOffset = (hand: THand) => (hand === 'player' ? { x: 520, y: -150 } : { x: 200, y: -150 });

  async function show(detail: TBaccaratDetail) {
    const quick = reducedMotion();
    for (const hand of HANDS) {
      hands[hand].cards.replaceChildren();
      hands[hand].total.textContent = '0';
    }
    const shown: Record<THand, string[]> = { player: [], banker: [] };
    for (const { hand, card } of dealOrder(detail)) {
      const el = dealtCard(card, shoeOffset(hand));
      hands[hand].cards.append(el);
      if (!quick) await sleep(380);
      el.classList.add('is-open');
      shown[hand].push(card);
      hands[hand].total.textContent = String(handTotal(shown[hand]));
      if (!quick) await sleep(260);
    }
    hands.player.total.textContent = String(detail.playerTotal);
    hands.banker.total.textContent = String(detail.bankerTotal);
    result.replaceChildren(
      h('span', {}, resultText[detail.result]),
      h('strong', { class: 'hg-num' }, `${detail.playerTotal} : ${detail.bankerTotal}`),
      ...(detail.playerPair || detail.bankerPair ? [h('em', {}, [detail.playerPair && t('playerPair'), detail.bankerPair && t('bankerPair')].filter(Boolean).join(' · '))] : []),
    );
    result.className = `bac-result bac-result-${detail.result}`;
    result.hidden = false;
    if (detail.result !== 'tie') hands[detail.result].box.classList.add('is-winner');
    for (const b of detail.bets) {
      const spot = spots[b.bet];
      spot.button.classList.add(`is-${b.outcome}`);
      spot.outcome.textContent = b.outcome === 'win' ? `+${money(b.payout - b.stake)}` : b.outcome === 'push' ? t('push') : `−${money(b.stake)}`;
    }
  }

  async function play() {
    if (table.dealing()) return;
    const input = table.input();
    if (Object.keys(input).length === 0) return;
    table.setDealing(true);
    hint.textContent = t('hintNoMore');
    try {
      const round = await ctx.play<TBaccaratDetail>(input);
      if (!round) {
        hint.textContent = t('hintNotDealt');
        return;
      }
      ctx.showStakeTaken(round);
      await show(round.detail);
      const d = round.detail;
      roads.add(d.result === 'banker' ? 'a' : d.result === 'player' ? 'b' : 't', [d.playerPair && 'bac-pair-p', d.bankerPair && 'bac-pair-b'].filter((x): x is string => !!x));
      const net = round.payout - round.stake;
      hint.textContent = round.payout === 0 ? t('hintNoWin') : net > 0 ? t('hintUp', { payout: money(round.payout), stake: money(round.stake), net: money(net) }) : t('hintPaid', { payout: money(round.payout), stake: money(round.stake) });
      ctx.settle(round, `${resultText[d.result]} ${d.playerTotal}:${d.bankerTotal} · ${round.payout > 0 ? t('summaryPaid', { money: money(round.payout) }) : t('noWin')}`);
    } finally {
      table.setDealing(false);
    }
  }

  table.start();
  ctx.stage.append(
    h('div', { class: 'bac-room' },
      h('div', { class: 'bac-table' },
        shoe,
        info,
        h('div', { class: 'bac-title' }, t('title'), h('small', {}, t('subtitle'))),
        h('div', { class: 'bac-hands' }, hands.player.box, h('div', { class: 'bac-vs' }, 'VS'), hands.banker.box),
        result,
        h('div', { class: 'bac-spots' }, ...BETS.map((bet) => spots[bet].button)),
        h('div', { class: 'bac-side-spots', role: 'group', 'aria-label': t('sideBets') }, ...SIDE_BETS.map((bet) => spots[bet].button)),
        h('p', { class: 'bac-limits hg-num', 'data-testid': 'bac-limits' }, t('limits', { min: money(BACCARAT_LIMITS.banker.min), max: money(BACCARAT_LIMITS.banker.max) })),
      ),
      hint,
      h('div', { class: 'bac-bar' },
        table.chipRack,
        table.totalBox,
        table.clear,
        deal,
      ),
      roads.box,
    ),
  );
}
