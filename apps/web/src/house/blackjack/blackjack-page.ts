import { BLACKJACK_LIMITS, type TBlackjackAction, type TBlackjackView } from '@playhall/contract/house-rules/blackjack';
import { STAKES } from '@playhall/contract/stakes';
import { BACCARAT_DEFS, CARD_BACK, cardFace, chipArt } from '../baccarat/baccarat-art.ts';
import { h, reducedMotion, svg } from '../shared/dom.ts';
import { houseCall, readLaunch, type TFairness } from '../shared/house-api.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { createBjRoad, roadMark } from './bj-road.ts';
import { bjText } from './bj-text.ts';

/** A hand round as the hand API answers it (apps/server/src/modules/house/hand.service.ts). */
export interface THandAnswer<TView> {
  roundId: string;
  over: boolean;
  view: TView;
  legal: (string | number)[];
  staked: number;
  payout: number;
  balance: number | null;
  fairness: TFairness;
}

export const BJ_LOGO =
  '<rect x="6" y="10" width="30" height="42" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(-12 21 31)"/>' +
  '<rect x="26" y="10" width="30" height="42" rx="4" fill="#fdfdfb" stroke="#c9ced9" transform="rotate(10 41 31)"/>' +
  '<text x="18" y="38" font-family="Georgia, serif" font-weight="900" font-size="16" fill="#1b2233" transform="rotate(-12 21 31)">A</text>' +
  '<text x="36" y="38" font-family="Georgia, serif" font-weight="900" font-size="16" fill="#d0202e" transform="rotate(10 41 31)">K</text>';

const ACTIONS: readonly TBlackjackAction[] = ['hit', 'stand', 'double', 'split'];
const KEYS: Record<string, TBlackjackAction> = { h: 'hit', s: 'stand', d: 'double', p: 'split' };
const CHIPS = STAKES.baccaratChips.filter((c) => c >= BLACKJACK_LIMITS.min && c <= BLACKJACK_LIMITS.max);

function cardEl(card: string | null, index: number): HTMLElement {
  const el = h('div', { class: 'bj-card', 'data-card': card ?? 'hidden' }, svg('0 0 60 84', card ? cardFace(card) : CARD_BACK));
  if (!reducedMotion()) el.style.animationDelay = `${index * 80}ms`;
  else el.classList.add('is-still');
  return el;
}

/** The blackjack table: dealer, the player's hands side by side, chips, Deal and the four actions (keys H S D P). */
export function mountBlackjack(ctx: TGameContext): void {
  const launch = readLaunch(window.location.hash);
  const token = launch?.token ?? '';
  const t = bjText();
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => houseCall<T>(token, method, `/wps/house/hand${path}`, body);
  document.body.append(svg('0 0 0 0', `<defs>${BACCARAT_DEFS}</defs>`, 'bj-defs'));

  let stake = Math.max(BLACKJACK_LIMITS.min, STAKES.baccaratDefault);
  let round: THandAnswer<TBlackjackView> | null = null;
  let busy = false;
  let lastBalance = ctx.state.balance;

  const dealerCards = h('div', { class: 'bj-cards', 'data-testid': 'bj-dealer-cards' });
  const dealerTotal = h('span', { class: 'bj-total hg-num', 'data-testid': 'bj-dealer-total' }, '–');
  const hands = h('div', { class: 'bj-hands', 'data-testid': 'bj-hands' });
  const banner = h('div', { class: 'bj-banner', 'data-testid': 'bj-result', role: 'status', hidden: true });
  const hint = h('p', { class: 'bj-hint', 'aria-live': 'polite', 'data-testid': 'bj-hint' }, t('pickChips'));
  const stakeOut = h('strong', { class: 'hg-num', 'data-testid': 'bj-stake' }, money(stake));
  const dealBtn = h('button', { type: 'button', class: 'hg-btn hg-btn-primary bj-deal', 'data-testid': 'bj-deal', onclick: () => void deal() }, t('deal'));
  const clearBtn = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'bj-clear', onclick: () => setStake(BLACKJACK_LIMITS.min) }, t('clear'));
  const chipButtons = CHIPS.map((value) =>
    h('button', { type: 'button', class: 'bj-chip', 'data-testid': `bj-chip-${value}`, 'aria-label': t('chip', { amount: money(value) }), onclick: () => setStake(stake === BLACKJACK_LIMITS.min && value !== stake ? value : stake + value) },
      svg('0 0 64 64', chipArt(value))),
  );
  const road = createBjRoad(t);
  const actionButtons = Object.fromEntries(
    ACTIONS.map((a) => [a, h('button', { type: 'button', class: `hg-btn bj-act bj-act-${a}`, 'data-testid': `bj-${a}`, disabled: true, onclick: () => void act(a) }, t(a), h('kbd', {}, { hit: 'H', stand: 'S', double: 'D', split: 'P' }[a]))]),
  ) as Record<TBlackjackAction, HTMLButtonElement>;

  ctx.stage.append(
    h('div', { class: 'bj-table' },
      h('div', { class: 'bj-dealer' }, h('div', { class: 'bj-head' }, h('span', {}, t('dealer')), dealerTotal), dealerCards),
      h('p', { class: 'bj-felt-text' }, t('feltRule')),
      hands,
      banner,
    ),
    h('div', { class: 'bj-controls' },
      h('div', { class: 'bj-bet' },
        h('div', { class: 'bj-stake' }, h('span', {}, t('stake')), stakeOut),
        h('div', { class: 'bj-chips' }, ...chipButtons),
        clearBtn,
        dealBtn,
      ),
      h('div', { class: 'bj-actions' }, ...ACTIONS.map((a) => actionButtons[a])),
      hint,
      h('p', { class: 'bj-limits hg-muted', 'data-testid': 'bj-limits' }, t('limits', { min: money(BLACKJACK_LIMITS.min), max: money(BLACKJACK_LIMITS.max) }), ' · ', t('keys')),
    ),
  );
  // The road sits in the side column under the provably-fair panel, as the betting tables' roads do.
  document.querySelector('[data-testid="hg-fair"]')?.after(road.panel);

  ctx.setInfo(() => h('div', { class: 'bj-info' }, h('h3', {}, t('rulesTitle')), ...(['rule1', 'rule2', 'rule3', 'rule4'] as const).map((k) => h('p', {}, t(k))),
    h('p', {}, t('limits', { min: money(BLACKJACK_LIMITS.min), max: money(BLACKJACK_LIMITS.max) }))));

  function setStake(value: number) {
    if (round && !round.over) return;
    stake = Math.min(BLACKJACK_LIMITS.max, Math.max(BLACKJACK_LIMITS.min, value));
    stakeOut.textContent = money(stake);
  }

  function resultWord(r: string | null): string {
    return r === 'blackjack' ? t('blackjack') : r === 'win' ? t('win') : r === 'push' ? t('push') : r === 'bust' ? t('bust') : r === 'lose' ? t('lose') : '';
  }

  function render() {
    const v = round?.view;
    dealerCards.replaceChildren();
    hands.replaceChildren();
    if (!v) {
      dealerTotal.textContent = '–';
    } else {
      v.dealer.forEach((c, i) => dealerCards.append(cardEl(c, i)));
      if (!v.over) dealerCards.append(cardEl(null, 1));
      dealerTotal.textContent = String(v.dealerTotal);
      v.hands.forEach((hand, i) => {
        const box = h('div', { class: `bj-hand${i === v.active ? ' is-active' : ''}${hand.result ? ` is-${hand.result}` : ''}`, 'data-testid': `bj-hand-${i}` },
          h('div', { class: 'bj-head' }, h('span', {}, t('hand', { n: i + 1 })), h('span', { class: 'bj-total hg-num', 'data-testid': `bj-total-${i}` }, `${hand.soft && hand.total < 21 ? `${hand.total - 10}/` : ''}${hand.total}`)),
          h('div', { class: 'bj-cards' }, ...hand.cards.map((c, k) => cardEl(c, k))),
          h('div', { class: 'bj-hand-foot' }, h('span', { class: 'hg-num' }, money(hand.stake)), hand.result ? h('strong', { class: 'bj-hand-result' }, resultWord(hand.result)) : null),
        );
        hands.append(box);
      });
    }
    const open = Boolean(round && !round.over);
    const legal = new Set(open ? (round?.legal ?? []) : []);
    for (const a of ACTIONS) actionButtons[a].disabled = busy || !legal.has(a);
    dealBtn.disabled = busy || open;
    clearBtn.disabled = busy || open;
    for (const b of chipButtons) b.disabled = busy || open;
    if (open && v) hint.textContent = t('yourTurn', { n: v.active + 1 });
    if (!round) hint.textContent = t('pickChips');
    if (round?.over && v) {
      banner.hidden = false;
      const net = v.payout - v.staked;
      banner.className = `bj-banner ${net > 0 ? 'is-win' : net === 0 ? 'is-push' : 'is-lose'}`;
      banner.replaceChildren(
        ...(v.dealerBlackjack ? [h('span', {}, t('dealerBlackjack'))] : []),
        h('strong', {}, net > 0 ? t('youWin', { amount: money(v.payout) }) : net === 0 && v.payout > 0 ? t('pushBack', { amount: money(v.payout) }) : t('youLose')),
      );
      hint.textContent = t('pickChips');
    } else {
      banner.hidden = true;
    }
  }

  function finish(r: THandAnswer<TBlackjackView>) {
    if (!r.over) return;
    const results = r.view.hands.map((hand) => resultWord(hand.result)).join(' · ');
    road.add(roadMark(r.view));
    ctx.settle({ roundId: r.roundId, stake: r.staked, payout: r.payout, detail: r.view, balance: r.balance ?? lastBalance, fairness: r.fairness }, t('summary', { results }));
  }

  async function deal() {
    if (busy || (round && !round.over)) return;
    busy = true;
    render();
    try {
      round = await api<THandAnswer<TBlackjackView>>('POST', '/start', { input: { stake } });
      lastBalance = round.balance ?? lastBalance;
      if (round.balance !== null && !round.over) ctx.showStakeTaken({ roundId: round.roundId, stake: round.staked, payout: 0, detail: null, balance: round.balance, fairness: round.fairness });
      finish(round);
    } catch (err) {
      ctx.showError(err);
    } finally {
      busy = false;
      render();
    }
  }

  async function act(action: TBlackjackAction) {
    if (busy || !round || round.over || !round.legal.includes(action)) return;
    busy = true;
    render();
    try {
      const next = await api<THandAnswer<TBlackjackView>>('POST', '/act', { roundId: round.roundId, action });
      if (next.balance !== null && !next.over) ctx.showStakeTaken({ roundId: next.roundId, stake: next.staked, payout: 0, detail: null, balance: next.balance, fairness: next.fairness });
      round = next;
      lastBalance = next.balance ?? lastBalance;
      finish(next);
    } catch (err) {
      ctx.showError(err);
    } finally {
      busy = false;
      render();
    }
  }

  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    const action = KEYS[e.key.toLowerCase()];
    if (action) {
      e.preventDefault();
      void act(action);
    } else if (e.key === 'Enter' && (!round || round.over) && target?.tagName !== 'BUTTON') {
      e.preventDefault();
      void deal();
    }
  });

  render();
  // An open hand comes back after a reload.
  void api<{ hand: THandAnswer<TBlackjackView> | null }>('GET', '')
    .then((r) => {
      if (r.hand) {
        round = r.hand;
        render();
        hint.textContent = t('resumed');
      }
    })
    .catch((err: unknown) => ctx.showError(err));
}
