import { STAKES } from '@playhall/contract/stakes';
import { byKey, h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { BACCARAT_DEFS, CARD_BACK, cardFace, chipArt } from './baccarat-art.ts';
import { BET_LABELS, BETS, CHIPS, dealOrder, handTotal, type TBaccaratDetail, type TBet, type TResult } from './baccarat-rules.ts';

const HANDS = ['player', 'banker'] as const;
type THand = (typeof HANDS)[number];
const RESULT_TEXT: Record<TResult, string> = { player: 'PLAYER WINS', banker: 'BANKER WINS', tie: 'TIE' };
const ROAD_SIZE = 60;

/** A card that flies in from the shoe face down and turns over. */
function dealtCard(card: string, fromShoe: { x: number; y: number }): HTMLElement {
  const el = h('div', { class: 'bac-card', 'data-card': card },
    h('div', { class: 'bac-card-inner' }, svg('0 0 60 84', CARD_BACK, 'bac-card-back'), svg('0 0 60 84', cardFace(card), 'bac-card-face')),
  );
  el.style.setProperty('--from-x', `${fromShoe.x}px`);
  el.style.setProperty('--from-y', `${fromShoe.y}px`);
  return el;
}

/** The baccarat table: bet spots, chips, the dealt hands, the result and a bead road. */
export function mountBaccarat(ctx: TGameContext): void {
  document.body.append(svg('0 0 0 0', `<defs>${BACCARAT_DEFS}</defs>`, 'bac-defs'));

  const bets: Record<TBet, number> = { playerPair: 0, player: 0, tie: 0, banker: 0, bankerPair: 0 };
  let chip = STAKES.baccaratDefault;
  let dealing = false;
  const road: TBaccaratDetail[] = [];

  const hands = byKey(HANDS, (hand) => {
    const cards = h('div', { class: 'bac-cards', 'data-testid': `bac-cards-${hand}` });
    const total = h('span', { class: 'bac-total hg-num', 'data-testid': `bac-total-${hand}` }, '–');
    const box = h('div', { class: `bac-hand bac-hand-${hand}` }, h('div', { class: 'bac-hand-head' }, h('span', {}, hand === 'player' ? 'PLAYER' : 'BANKER'), total), cards);
    return { box, cards, total };
  });
  const shoe = h('div', { class: 'bac-shoe', 'aria-hidden': 'true' }, svg('0 0 60 84', CARD_BACK, 'bac-shoe-card'), svg('0 0 60 84', CARD_BACK, 'bac-shoe-card'));
  const result = h('div', { class: 'bac-result', 'data-testid': 'bac-result', hidden: true });
  const hint = h('p', { class: 'bac-hint', 'data-testid': 'bac-hint' }, 'Pick a chip, place your bets, then deal.');

  const spots = byKey(BETS, (bet) => {
    const amount = h('strong', { class: 'bac-spot-amount hg-num', 'data-testid': `bac-amount-${bet}` });
    const stack = h('div', { class: 'bac-spot-stack' });
    const outcome = h('span', { class: 'bac-spot-outcome hg-num' });
    const button = h('button', { type: 'button', class: `bac-spot bac-spot-${bet}`, 'data-testid': `bac-spot-${bet}`, onclick: () => place(bet) },
      h('span', { class: 'bac-spot-name' }, BET_LABELS[bet].name),
      h('span', { class: 'bac-spot-pays' }, `pays ${BET_LABELS[bet].pays}`),
      stack,
      amount,
      outcome,
    );
    return { button, amount, stack, outcome };
  });

  const chipButtons = CHIPS.map((value) =>
    h('button', { type: 'button', class: 'bac-chip', 'data-testid': `bac-chip-${value}`, 'aria-label': `Chip ${money(value)}`, onclick: () => selectChip(value) }, svg('0 0 48 48', chipArt(value))),
  );
  const totalBet = h('strong', { class: 'hg-num', 'data-testid': 'bac-total-bet' });
  const clear = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'bac-clear', onclick: () => clearBets() }, 'Clear');
  const deal = h('button', { type: 'button', class: 'hg-btn hg-btn-primary bac-deal', 'data-testid': 'bac-deal', onclick: () => void play() }, 'Deal');
  const roadGrid = h('div', { class: 'bac-road', 'data-testid': 'bac-road' });

  function selectChip(value: number) {
    chip = value;
    chipButtons.forEach((b, i) => b.classList.toggle('is-selected', CHIPS[i] === value));
  }

  function clearOutcomes() {
    result.hidden = true;
    for (const bet of BETS) {
      spots[bet].button.classList.remove('is-win', 'is-lose', 'is-push');
      spots[bet].outcome.textContent = '';
    }
    for (const hand of HANDS) hands[hand].box.classList.remove('is-winner');
  }

  function render() {
    let total = 0;
    for (const bet of BETS) {
      const amount = bets[bet];
      total += amount;
      const spot = spots[bet];
      spot.amount.textContent = amount > 0 ? money(amount) : '';
      const top = [...CHIPS].reverse().find((c) => c <= amount);
      spot.stack.replaceChildren(...(amount > 0 && top ? [svg('0 0 48 48', chipArt(top), 'bac-stack-chip')] : []));
      spot.button.disabled = dealing;
    }
    totalBet.textContent = money(total);
    deal.disabled = dealing || total === 0;
    clear.disabled = dealing || total === 0;
    chipButtons.forEach((b) => (b.disabled = dealing));
  }

  function place(bet: TBet) {
    if (dealing) return;
    clearOutcomes();
    bets[bet] += chip;
    render();
  }

  function clearBets() {
    for (const bet of BETS) bets[bet] = 0;
    clearOutcomes();
    render();
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
      h('span', {}, RESULT_TEXT[detail.result]),
      h('strong', { class: 'hg-num' }, `${detail.playerTotal} : ${detail.bankerTotal}`),
      ...(detail.playerPair || detail.bankerPair ? [h('em', {}, [detail.playerPair && 'Player pair', detail.bankerPair && 'Banker pair'].filter(Boolean).join(' · '))] : []),
    );
    result.className = `bac-result bac-result-${detail.result}`;
    result.hidden = false;
    if (detail.result !== 'tie') hands[detail.result].box.classList.add('is-winner');
    for (const b of detail.bets) {
      const spot = spots[b.bet];
      spot.button.classList.add(`is-${b.outcome}`);
      spot.outcome.textContent = b.outcome === 'win' ? `+${money(b.payout - b.stake)}` : b.outcome === 'push' ? 'push' : `−${money(b.stake)}`;
    }
  }

  function addToRoad(detail: TBaccaratDetail) {
    road.push(detail);
    if (road.length > ROAD_SIZE) road.shift();
    roadGrid.replaceChildren(
      ...road.map((d) =>
        h('span', { class: `bac-bead bac-bead-${d.result}`, title: `${RESULT_TEXT[d.result]} ${d.playerTotal} : ${d.bankerTotal}` },
          d.result === 'player' ? 'P' : d.result === 'banker' ? 'B' : 'T',
          d.playerPair ? h('i', { class: 'bac-pair-p' }) : null,
          d.bankerPair ? h('i', { class: 'bac-pair-b' }) : null,
        ),
      ),
    );
  }

  async function play() {
    if (dealing) return;
    const input = Object.fromEntries(BETS.filter((b) => bets[b] > 0).map((b) => [b, bets[b]]));
    if (Object.keys(input).length === 0) return;
    dealing = true;
    clearOutcomes();
    render();
    hint.textContent = 'No more bets.';
    try {
      const round = await ctx.play<TBaccaratDetail>(input);
      if (!round) {
        hint.textContent = 'The coup was not dealt. Change your bets and try again.';
        return;
      }
      ctx.showStakeTaken(round);
      await show(round.detail);
      addToRoad(round.detail);
      const net = round.payout - round.stake;
      hint.textContent =
        round.payout === 0 ? 'No win this coup. Deal again with the same bets?' : `Paid ${money(round.payout)} on bets of ${money(round.stake)}${net > 0 ? ` — you are up ${money(net)}` : ''}.`;
      ctx.settle(round, `${RESULT_TEXT[round.detail.result].toLowerCase()} ${round.detail.playerTotal}:${round.detail.bankerTotal} · ${round.payout > 0 ? `paid ${money(round.payout)}` : 'no win'}`);
    } finally {
      dealing = false;
      render();
    }
  }

  selectChip(chip);
  render();
  ctx.stage.append(
    h('div', { class: 'bac-room' },
      h('div', { class: 'bac-table' },
        shoe,
        h('div', { class: 'bac-title' }, 'BACCARAT ROYALE', h('small', {}, 'Punto banco · 8 decks · Banker pays 0.95 : 1')),
        h('div', { class: 'bac-hands' }, hands.player.box, h('div', { class: 'bac-vs' }, 'VS'), hands.banker.box),
        result,
        h('div', { class: 'bac-spots' }, ...BETS.map((bet) => spots[bet].button)),
      ),
      hint,
      h('div', { class: 'bac-bar' },
        h('div', { class: 'bac-chips', role: 'group', 'aria-label': 'Chips' }, ...chipButtons),
        h('div', { class: 'bac-bar-total' }, h('span', {}, 'Total bet'), totalBet),
        clear,
        deal,
      ),
      h('div', { class: 'bac-road-box' }, h('span', { class: 'bac-road-title' }, 'Bead road'), roadGrid),
    ),
  );
}
