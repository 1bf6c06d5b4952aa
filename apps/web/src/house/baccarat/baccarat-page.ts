import { BACCARAT_BETS, BACCARAT_LIMITS, BACCARAT_PAYS, BACCARAT_RTP } from '@playhall/contract/house-rules/baccarat';
import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import { STAKES } from '@playhall/contract/stakes';
import { byKey, h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { readLaunch } from '../shared/house-api.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { BACCARAT_DEFS, CARD_BACK, cardFace, chipArt } from './baccarat-art.ts';
import { BETS, CHIPS, dealOrder, handTotal, SIDE_BETS, type TBaccaratDetail, type TBet, type TResult } from './baccarat-rules.ts';
import { bacText } from './bac-text.ts';
import { createRoads } from './road-view.ts';

const HANDS = ['player', 'banker'] as const;
type THand = (typeof HANDS)[number];
const percent = (x: number) => `${(x * 100).toFixed(2)} %`;

/** A card that flies in from the shoe face down and turns over. */
function dealtCard(card: string, fromShoe: { x: number; y: number }): HTMLElement {
  const el = h('div', { class: 'bac-card', 'data-card': card },
    h('div', { class: 'bac-card-inner' }, svg('0 0 60 84', CARD_BACK, 'bac-card-back'), svg('0 0 60 84', cardFace(card), 'bac-card-face')),
  );
  el.style.setProperty('--from-x', `${fromShoe.x}px`);
  el.style.setProperty('--from-y', `${fromShoe.y}px`);
  return el;
}

/** The baccarat table: bet spots and side bets, chips, the dealt hands, the result and the scoreboard. */
export function mountBaccarat(ctx: TGameContext): void {
  const t = bacText(readLaunch(window.location.hash)?.lang);
  document.body.append(svg('0 0 0 0', `<defs>${BACCARAT_DEFS}</defs>`, 'bac-defs'));

  const bets = byKey(BACCARAT_BETS, () => 0);
  let chip = STAKES.baccaratDefault;
  let dealing = false;
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

  const spots = byKey(BACCARAT_BETS, (bet) => {
    const amount = h('strong', { class: 'bac-spot-amount hg-num', 'data-testid': `bac-amount-${bet}` });
    const stack = h('div', { class: 'bac-spot-stack' });
    const outcome = h('span', { class: 'bac-spot-outcome hg-num' });
    const side = (SIDE_BETS as readonly string[]).includes(bet);
    const button = h('button', { type: 'button', class: `bac-spot bac-spot-${bet}${side ? ' bac-spot-side' : ''}`, 'data-testid': `bac-spot-${bet}`, onclick: () => place(bet) },
      h('span', { class: 'bac-spot-name' }, t(bet)),
      h('span', { class: 'bac-spot-pays' }, t('pays', { pays: BACCARAT_PAYS[bet] })),
      stack,
      amount,
      outcome,
    );
    return { button, amount, stack, outcome };
  });

  const chipButtons = CHIPS.map((value) =>
    h('button', { type: 'button', class: 'bac-chip', 'data-testid': `bac-chip-${value}`, 'aria-label': t('chip', { value: money(value) }), onclick: () => selectChip(value) }, svg('0 0 48 48', chipArt(value))),
  );
  const totalBet = h('strong', { class: 'hg-num', 'data-testid': 'bac-total-bet' });
  const clear = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'bac-clear', onclick: () => clearBets() }, t('clear'));
  const deal = h('button', { type: 'button', class: 'hg-btn hg-btn-primary bac-deal', 'data-testid': 'bac-deal', onclick: () => void play() }, t('deal'));
  const info = h('button', { type: 'button', class: 'hg-btn hg-btn-sm bac-info', 'data-testid': 'bac-info', onclick: () => showInfo() }, t('info'));
  const roads = createRoads({
    title: t('roads'), bead: t('roadBead'), big: t('roadBig'), bigEye: t('roadBigEye'), small: t('roadSmall'), cockroach: t('roadCockroach'),
    a: t('beadA'), b: t('beadB'), t: t('beadT'), empty: t('roadEmpty'),
  }, 'bac');

  function selectChip(value: number) {
    chip = value;
    chipButtons.forEach((b, i) => {
      b.classList.toggle('is-selected', CHIPS[i] === value);
      b.setAttribute('aria-pressed', String(CHIPS[i] === value));
    });
    render();
  }

  function clearOutcomes() {
    result.hidden = true;
    for (const bet of BACCARAT_BETS) {
      spots[bet].button.classList.remove('is-win', 'is-lose', 'is-push');
      spots[bet].outcome.textContent = '';
    }
    for (const hand of HANDS) hands[hand].box.classList.remove('is-winner');
  }

  function render() {
    let total = 0;
    for (const bet of BACCARAT_BETS) {
      const amount = bets[bet];
      total += amount;
      const spot = spots[bet];
      spot.amount.textContent = amount > 0 ? money(amount) : '';
      const top = [...CHIPS].reverse().find((c) => c <= amount);
      spot.stack.replaceChildren(...(amount > 0 && top ? [svg('0 0 48 48', chipArt(top), 'bac-stack-chip')] : []));
      // A spot takes no chip that would carry it over its table limit.
      spot.button.disabled = dealing || amount + chip > BACCARAT_LIMITS[bet].max;
    }
    totalBet.textContent = money(total);
    deal.disabled = dealing || total === 0;
    clear.disabled = dealing || total === 0;
    chipButtons.forEach((b) => (b.disabled = dealing));
  }

  function place(bet: TBet) {
    if (dealing || bets[bet] + chip > BACCARAT_LIMITS[bet].max) return;
    clearOutcomes();
    bets[bet] += chip;
    render();
  }

  function clearBets() {
    for (const bet of BACCARAT_BETS) bets[bet] = 0;
    clearOutcomes();
    render();
  }

  function showInfo() {
    const rtp = titleOfEngine('HOUSE_BACCARAT')?.rtp ?? BACCARAT_RTP.banker;
    ctx.showInfo(t('info'), h('div', { class: 'bac-info-body', 'data-testid': 'bac-info-body' },
      h('p', {}, t('infoRules1')),
      h('p', {}, t('infoRules2')),
      h('p', { class: 'hg-muted', 'data-testid': 'bac-rtp' }, t('infoRtpNote', { rtp: percent(rtp) })),
      h('table', { class: 'bac-paytable' },
        h('thead', {}, h('tr', {}, h('th', {}, t('colBet')), h('th', {}, t('colPays')), h('th', {}, t('colRtp')), h('th', {}, t('colLimits')))),
        h('tbody', {}, ...[...BETS, ...SIDE_BETS].map((bet) =>
          h('tr', {},
            h('td', {}, t(bet)),
            h('td', { class: 'hg-num' }, BACCARAT_PAYS[bet]),
            h('td', { class: 'hg-num' }, percent(BACCARAT_RTP[bet])),
            h('td', { class: 'hg-num' }, `${money(BACCARAT_LIMITS[bet].min)} – ${money(BACCARAT_LIMITS[bet].max)}`),
          ))),
      ),
    ));
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
    if (dealing) return;
    const input = Object.fromEntries(BACCARAT_BETS.filter((b) => bets[b] > 0).map((b) => [b, bets[b]]));
    if (Object.keys(input).length === 0) return;
    dealing = true;
    clearOutcomes();
    render();
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
      dealing = false;
      render();
    }
  }

  selectChip(chip);
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
        h('div', { class: 'bac-chips', role: 'group', 'aria-label': t('chips') }, ...chipButtons),
        h('div', { class: 'bac-bar-total' }, h('span', {}, t('totalBet')), totalBet),
        clear,
        deal,
      ),
      roads.box,
    ),
  );
}
