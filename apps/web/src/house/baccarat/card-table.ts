/**
 * What the card tables (baccarat, dragon tiger) share: the dealt card, the chip rack, the bet spots' chip stacks and
 * amounts, the table limit per spot, Clear and the total. Each page keeps its own prefix (`bac`, `dt`) for test ids,
 * its spots' words, its hands and its result; the classes are baccarat.css's `bac-*`, which both pages load.
 */
import { STAKES } from '@playhall/contract/stakes';
import { byKey, h, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import { CARD_BACK, cardFace, chipArt } from './baccarat-art.ts';

const CHIPS: readonly number[] = STAKES.baccaratChips;

export const percent = (x: number): string => `${(x * 100).toFixed(2)} %`;

/** A card that flies in from the shoe face down and turns over (`is-open`). */
export function dealtCard(card: string, fromShoe: { x: number; y: number }): HTMLElement {
  const el = h('div', { class: 'bac-card', 'data-card': card },
    h('div', { class: 'bac-card-inner' }, svg('0 0 60 84', CARD_BACK, 'bac-card-back'), svg('0 0 60 84', cardFace(card), 'bac-card-face')),
  );
  el.style.setProperty('--from-x', `${fromShoe.x}px`);
  el.style.setProperty('--from-y', `${fromShoe.y}px`);
  return el;
}

/** A spot's parts the kit fills in: the chip stack, the amount and the last round's outcome. */
export interface TSpotParts {
  stack: HTMLElement;
  amount: HTMLElement;
  outcome: HTMLElement;
}

export interface TCardBetsOptions<B extends string> {
  /** Test id prefix: `bac`, `dt`. */
  prefix: string;
  bets: readonly B[];
  t: (key: 'chip' | 'chips' | 'totalBet' | 'clear', vars?: Record<string, string | number>) => string;
  limitOf: (bet: B) => { max: number };
  /** The spot's button around its parts (the page's classes, name and pays); `place` adds the chosen chip. */
  spot: (bet: B, parts: TSpotParts, place: () => void) => HTMLButtonElement;
  /** The last round's marks leave the table (a new bet, Clear, a new deal). */
  onClearOutcomes: () => void;
  /** After every render, with the total on the spots (the page's own controls: Deal, Rebet). */
  onRender: (total: number) => void;
}

/** The bets of a card table; see the file's comment. */
export function createCardBets<B extends string>(o: TCardBetsOptions<B>) {
  const { prefix: p, t } = o;
  const amounts = byKey(o.bets, () => 0);
  let chip = STAKES.baccaratDefault;
  let dealing = false;

  const spots = byKey(o.bets, (bet) => {
    const parts: TSpotParts = {
      amount: h('strong', { class: 'bac-spot-amount hg-num', 'data-testid': `${p}-amount-${bet}` }),
      outcome: h('span', { class: 'bac-spot-outcome hg-num' }),
      stack: h('div', { class: 'bac-spot-stack' }),
    };
    return { ...parts, button: o.spot(bet, parts, () => place(bet)) };
  });
  const chipButtons = CHIPS.map((value) =>
    h('button', { type: 'button', class: 'bac-chip', 'data-testid': `${p}-chip-${value}`, 'aria-label': t('chip', { value: money(value) }), onclick: () => selectChip(value) }, svg('0 0 48 48', chipArt(value))),
  );
  const totalBet = h('strong', { class: 'hg-num', 'data-testid': `${p}-total-bet` });
  const clear = h('button', { type: 'button', class: 'hg-btn', 'data-testid': `${p}-clear`, onclick: () => set(() => 0) }, t('clear'));

  function selectChip(value: number) {
    chip = value;
    chipButtons.forEach((b, i) => {
      b.classList.toggle('is-selected', CHIPS[i] === value);
      b.setAttribute('aria-pressed', String(CHIPS[i] === value));
    });
    render();
  }

  function clearOutcomes() {
    for (const bet of o.bets) {
      spots[bet].button.classList.remove('is-win', 'is-lose', 'is-push');
      spots[bet].outcome.textContent = '';
    }
    o.onClearOutcomes();
  }

  function render() {
    let total = 0;
    for (const bet of o.bets) {
      const amount = amounts[bet];
      total += amount;
      const spot = spots[bet];
      spot.amount.textContent = amount > 0 ? money(amount) : '';
      const top = [...CHIPS].reverse().find((c) => c <= amount);
      spot.stack.replaceChildren(...(amount > 0 && top ? [svg('0 0 48 48', chipArt(top), 'bac-stack-chip')] : []));
      // A spot takes no chip that would carry it over its table limit.
      spot.button.disabled = dealing || amount + chip > o.limitOf(bet).max;
    }
    totalBet.textContent = money(total);
    clear.disabled = dealing || total === 0;
    chipButtons.forEach((b) => (b.disabled = dealing));
    o.onRender(total);
  }

  function place(bet: B) {
    if (dealing || amounts[bet] + chip > o.limitOf(bet).max) return;
    clearOutcomes();
    amounts[bet] += chip;
    render();
  }

  /** Sets every spot's amount (Clear: 0; Rebet: the last round's). */
  function set(amountOf: (bet: B) => number) {
    for (const bet of o.bets) amounts[bet] = amountOf(bet);
    clearOutcomes();
    render();
  }

  return {
    spots,
    clear,
    chipRack: h('div', { class: 'bac-chips', role: 'group', 'aria-label': t('chips') }, ...chipButtons),
    totalBox: h('div', { class: 'bac-bar-total' }, h('span', {}, t('totalBet')), totalBet),
    dealing: () => dealing,
    set,
    /** Takes the settled round's chips off the spots, its marks stay until the next bet. */
    empty: () => {
      for (const bet of o.bets) amounts[bet] = 0;
    },
    /** The round's input: the spots with a stake. */
    input: (): Partial<Record<B, number>> => Object.fromEntries(o.bets.filter((b) => amounts[b] > 0).map((b) => [b, amounts[b]])) as Partial<Record<B, number>>,
    /** Starts or ends a deal: the spots and chips lock while the cards come. */
    setDealing: (value: boolean) => {
      dealing = value;
      if (value) clearOutcomes();
      render();
    },
    /** The chips the page starts with (its first render). */
    start: () => selectChip(chip),
  };
}

/** A row of the rules dialog's paytable. */
export interface TPaytableRow {
  name: string;
  pays: string;
  rtp: number;
  limits: { min: number; max: number };
}

/** The rules dialog's body: the two rules paragraphs, the RTP note and the paytable (`<prefix>-info-body`, `-rtp`). */
export function rulesBody(
  prefix: string,
  t: (key: 'infoRules1' | 'infoRules2' | 'infoRtpNote' | 'colBet' | 'colPays' | 'colRtp' | 'colLimits', vars?: Record<string, string | number>) => string,
  rtp: number,
  rows: TPaytableRow[],
): HTMLElement {
  return h('div', { class: `${prefix}-info-body`, 'data-testid': `${prefix}-info-body` },
    h('p', {}, t('infoRules1')),
    h('p', {}, t('infoRules2')),
    h('p', { class: 'hg-muted', 'data-testid': `${prefix}-rtp` }, t('infoRtpNote', { rtp: percent(rtp) })),
    h('table', { class: `${prefix}-paytable` },
      h('thead', {}, h('tr', {}, h('th', {}, t('colBet')), h('th', {}, t('colPays')), h('th', {}, t('colRtp')), h('th', {}, t('colLimits')))),
      h('tbody', {}, ...rows.map((row) =>
        h('tr', {},
          h('td', {}, row.name),
          h('td', { class: 'hg-num' }, row.pays),
          h('td', { class: 'hg-num' }, percent(row.rtp)),
          h('td', { class: 'hg-num' }, `${money(row.limits.min)} – ${money(row.limits.max)}`),
        ))),
    ),
  );
}
