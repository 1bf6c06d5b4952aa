import { MINES_CELLS, MINES_LIMITS, minesMultiplier, type TMinesView } from '@playhall/contract/house-rules/mines';
import { STAKES } from '@playhall/contract/stakes';
import type { THandAnswer } from '../blackjack/blackjack-page.ts';
import { h, reducedMotion, svg } from '../shared/dom.ts';
import { houseCall, readLaunch } from '../shared/house-api.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { minesText } from './mines-text.ts';

export const MINES_LOGO =
  '<rect x="6" y="6" width="52" height="52" rx="8" fill="#1e2740"/>' +
  '<circle cx="32" cy="34" r="13" fill="#2b2f3a" stroke="#ef4d5a" stroke-width="3"/>' +
  '<path d="M32 14v7M32 47v7M12 34h7M45 34h7M18 20l5 5M41 43l5 5M46 20l-5 5M23 43l-5 5" stroke="#ef4d5a" stroke-width="3" stroke-linecap="round"/>' +
  '<circle cx="27" cy="29" r="3" fill="#fff" opacity=".7"/>';

const GEM = '<path d="M12 4h16l8 10-16 22L4 14z" fill="#2fbf71" stroke="#0f6b3a" stroke-width="1.5"/><path d="M4 14h32M12 4l8 10 8-10M20 14v22" stroke="#0f6b3a" stroke-width="1" fill="none"/>';
const BOMB = '<circle cx="20" cy="22" r="11" fill="#2b2f3a" stroke="#ef4d5a" stroke-width="2"/><path d="M20 4v6M20 34v2M6 22H3M37 22h-3" stroke="#ef4d5a" stroke-width="2.5" stroke-linecap="round"/><circle cx="16" cy="18" r="2.5" fill="#fff" opacity=".7"/>';
const MINE_CHOICES = [1, 3, 5, 10, 24];
const STAKE_CHOICES = STAKES.baccaratChips.filter((c) => c >= MINES_LIMITS.min && c <= MINES_LIMITS.max);
const mult = (x: number) => x.toFixed(x >= 100 ? 0 : 2);

/** Mines: a 5 × 5 grid of tile buttons, the number of mines, the multiplier now and next, cash out. */
export function mountMines(ctx: TGameContext): void {
  const launch = readLaunch(window.location.hash);
  const t = minesText();
  const api = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => houseCall<T>(launch?.token ?? '', method, `/wps/house/hand${path}`, body);

  let stake = STAKE_CHOICES[0] ?? MINES_LIMITS.min;
  let mines = 3;
  let round: THandAnswer<TMinesView> | null = null;
  let busy = false;
  let lastBalance = ctx.state.balance;

  const tiles = Array.from({ length: MINES_CELLS }, (_, i) =>
    h('button', { type: 'button', class: 'mn-tile', 'data-testid': `mn-tile-${i}`, 'aria-label': `${t('tile', { n: i + 1 })}: ${t('hidden')}`, onclick: () => void reveal(i) }),
  );
  const grid = h('div', { class: 'mn-grid', role: 'grid', 'data-testid': 'mn-grid' }, ...tiles);
  const multNow = h('strong', { class: 'hg-num', 'data-testid': 'mn-multiplier' }, '×1.00');
  const multNext = h('strong', { class: 'hg-num', 'data-testid': 'mn-next' }, '–');
  const hint = h('p', { class: 'mn-hint', 'aria-live': 'polite', 'data-testid': 'mn-hint' }, t('pickStart'));
  const startBtn = h('button', { type: 'button', class: 'hg-btn hg-btn-primary', 'data-testid': 'mn-start', onclick: () => void start() }, t('start'));
  const cashBtn = h('button', { type: 'button', class: 'hg-btn hg-btn-primary mn-cash', 'data-testid': 'mn-cashout', disabled: true, onclick: () => void cashOut() }, t('cashOut', { amount: money(0) }));
  const stakeButtons = STAKE_CHOICES.map((v) =>
    h('button', { type: 'button', class: 'mn-pill', 'data-testid': `mn-stake-${v}`, 'aria-pressed': String(v === stake), onclick: () => { stake = v; render(); } }, money(v)));
  const mineButtons = MINE_CHOICES.map((m) =>
    h('button', { type: 'button', class: 'mn-pill', 'data-testid': `mn-mines-${m}`, 'aria-pressed': String(m === mines), onclick: () => { mines = m; render(); } }, String(m)));

  ctx.stage.append(
    h('div', { class: 'mn-room' },
      h('div', { class: 'mn-board' }, grid),
      h('div', { class: 'mn-panel' },
        h('div', { class: 'mn-field' }, h('span', {}, t('stake')), h('div', { class: 'mn-pills' }, ...stakeButtons)),
        h('div', { class: 'mn-field' }, h('span', {}, t('mines')), h('div', { class: 'mn-pills' }, ...mineButtons)),
        h('div', { class: 'mn-mults' }, h('div', {}, h('span', {}, t('multiplier')), multNow), h('div', {}, h('span', {}, t('next')), multNext)),
        startBtn,
        cashBtn,
        hint,
        h('p', { class: 'hg-muted mn-small', 'data-testid': 'mn-limits' }, t('limits', { min: money(MINES_LIMITS.min), max: money(MINES_LIMITS.max) })),
        h('p', { class: 'hg-muted mn-small' }, t('keys')),
      ),
    ),
  );
  ctx.setInfo(() => h('div', {}, h('h3', {}, t('rulesTitle')), h('p', {}, t('rule1')), h('p', {}, t('rule2')), h('p', {}, t('rule3')),
    h('p', {}, t('limits', { min: money(MINES_LIMITS.min), max: money(MINES_LIMITS.max) }))));

  function render() {
    const v = round?.view;
    const open = Boolean(round && !round.over);
    for (const b of stakeButtons) b.setAttribute('aria-pressed', String(b.textContent === money(stake)));
    for (const b of mineButtons) b.setAttribute('aria-pressed', String(Number(b.textContent) === mines));
    for (const b of [...stakeButtons, ...mineButtons]) b.disabled = busy || open;
    startBtn.disabled = busy || open;
    tiles.forEach((tile, i) => {
      const safe = v?.revealed.includes(i) ?? false;
      const mine = v?.mineCells.includes(i) ?? false;
      const hit = v?.hit === i;
      tile.className = `mn-tile${safe ? ' is-safe' : ''}${mine ? ' is-mine' : ''}${hit ? ' is-hit' : ''}${v?.over && !safe && !mine ? ' is-dim' : ''}${reducedMotion() ? ' is-still' : ''}`;
      tile.replaceChildren(safe ? svg('0 0 40 40', GEM) : mine ? svg('0 0 40 40', BOMB) : '');
      tile.disabled = busy || !open || safe;
      tile.setAttribute('aria-label', `${t('tile', { n: i + 1 })}: ${safe ? t('safe') : mine ? t('mine') : t('hidden')}`);
    });
    const m = v ? v.mines : mines;
    multNow.textContent = `×${mult(v?.multiplier ?? 1)}`;
    multNext.textContent = v ? (v.nextMultiplier === null ? '–' : `×${mult(v.nextMultiplier)}`) : `×${mult(minesMultiplier(m, 1).value)}`;
    const worth = v && v.revealed.length > 0 ? Math.floor((v.stake * v.multiplier)) : 0;
    cashBtn.textContent = t('cashOut', { amount: money(open ? worth : (v?.payout ?? 0)) });
    cashBtn.disabled = busy || !open || (v?.revealed.length ?? 0) === 0;
  }

  function finish(r: THandAnswer<TMinesView>) {
    if (!r.over) return;
    hint.textContent = r.view.hit !== null ? t('boom') : t('cashed', { amount: money(r.payout), mult: mult(r.view.multiplier) });
    ctx.settle({ roundId: r.roundId, stake: r.staked, payout: r.payout, detail: r.view, balance: r.balance ?? lastBalance, fairness: r.fairness }, t('summary', { mult: r.view.hit !== null ? '0' : mult(r.view.multiplier) }));
  }

  async function send(path: string, body: unknown) {
    if (busy) return;
    busy = true;
    render();
    try {
      const next = await api<THandAnswer<TMinesView>>('POST', path, body);
      round = next;
      lastBalance = next.balance ?? lastBalance;
      if (!next.over && next.balance !== null) ctx.showStakeTaken({ roundId: next.roundId, stake: next.staked, payout: 0, detail: null, balance: next.balance, fairness: next.fairness });
      if (!next.over) hint.textContent = t('pickTile');
      finish(next);
    } catch (err) {
      ctx.showError(err);
    } finally {
      busy = false;
      render();
    }
  }
  const start = () => send('/start', { input: { stake, mines } });
  const reveal = (cell: number) => (round && !round.over ? send('/act', { roundId: round.roundId, action: cell }) : Promise.resolve());
  const cashOut = () => (round && !round.over ? send('/act', { roundId: round.roundId, action: 'cashout' }) : Promise.resolve());

  grid.addEventListener('keydown', (e) => {
    const i = tiles.indexOf(e.target as HTMLButtonElement);
    if (i < 0) return;
    const move = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -5, ArrowDown: 5 }[e.key];
    if (move !== undefined) {
      e.preventDefault();
      tiles[(i + move + MINES_CELLS) % MINES_CELLS]?.focus();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key.toLowerCase() === 'c' && !e.ctrlKey && !e.metaKey && !document.querySelector('dialog[open]')) void cashOut();
  });

  render();
  void api<{ hand: THandAnswer<TMinesView> | null }>('GET', '')
    .then((r) => {
      if (r.hand) {
        round = r.hand;
        mines = r.hand.view.mines;
        hint.textContent = t('resumed');
        render();
      }
    })
    .catch((err: unknown) => ctx.showError(err));
}
