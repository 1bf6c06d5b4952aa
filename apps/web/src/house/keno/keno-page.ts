import { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_PAYTABLES, kenoHitChances, kenoRtp, type TKenoDetail } from '@playhall/contract/house-rules/keno';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion, sleep } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { formatRtp } from '../shared/shell-text.ts';
import { localeTag } from '../shared/text.ts';
import { kenoText } from './keno-text.ts';

/** One drawn number shows this long after the previous one. */
const REVEAL_MS = 180;
export const KENO_BETS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((k) => k * STAKES.minStake);
export const multText = (m: number): string => `${(m / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })}×`;

/** `count` distinct numbers of 1…40 from the browser's CSPRNG (a quick pick only fills the board; the server draws). */
export function quickPick(count: number): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  const words = new Uint32Array(count);
  window.crypto.getRandomValues(words);
  for (let i = 0; i < count; i += 1) {
    const j = i + ((words[i] ?? 0) % (KENO_NUMBERS - i));
    [pool[i], pool[j]] = [pool[j] ?? 0, pool[i] ?? 0];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/**
 * Keno 40: a board of forty numbers (each a toggle button), quick pick and clear, the bet; the draw comes back
 * from the server and is revealed one number at a time (reduced motion: at once), hits highlighted; the paytable
 * of the current pick count beside the board.
 */
export function mountKeno(ctx: TGameContext): void {
  const t = kenoText();
  const locale = localeTag(ctx.lang);
  const picks = new Set<number>();
  let betIndex = 2;
  let drawing = false;
  let lastPickCount = 5;

  const cells = Array.from({ length: KENO_NUMBERS }, (_, i) => {
    const n = i + 1;
    return h('button', { type: 'button', class: 'kn-cell', 'aria-pressed': 'false', 'aria-label': t('number', { n }), 'data-testid': `kn-n-${n}`, onclick: () => toggle(n) }, String(n));
  });
  const picked = h('span', { class: 'kn-picked hg-num', 'data-testid': 'kn-picked' });
  const hint = h('p', { class: 'kn-hint', 'data-testid': 'kn-hint', 'aria-live': 'polite' }, t('hint'));
  const betValue = h('strong', { class: 'hg-num kn-bet-value', 'data-testid': 'kn-bet' });
  const betDown = h('button', { type: 'button', class: 'hg-btn kn-step', 'aria-label': t('betDown'), onclick: () => stepBet(-1) }, '−');
  const betUp = h('button', { type: 'button', class: 'hg-btn kn-step', 'aria-label': t('betUp'), onclick: () => stepBet(1) }, '+');
  const quick = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'kn-quick', onclick: () => fillQuick() }, t('quickPick'));
  const clear = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'kn-clear', onclick: () => clearPicks() }, t('clear'));
  const play = h('button', { type: 'button', class: 'hg-btn hg-btn-primary kn-play', 'data-testid': 'kn-play', onclick: () => void draw() }, t('play'));
  const drawnRow = h('div', { class: 'kn-drawn', 'data-testid': 'kn-drawn', 'aria-live': 'polite' });
  const paytable = h('div', { class: 'kn-paytable', 'data-testid': 'kn-paytable' });

  function clearMarks() {
    for (const c of cells) c.classList.remove('is-drawn', 'is-hit');
    drawnRow.replaceChildren(...Array.from({ length: KENO_DRAWN }, () => h('span', { class: 'kn-ball is-empty' })));
  }

  function renderPaytable(hits: number | null = null) {
    const p = picks.size;
    const table = KENO_PAYTABLES[p];
    if (!table) {
      paytable.replaceChildren(h('h3', { class: 'kn-side-title' }, t('paytable', { n: '–' })), h('p', { class: 'hg-muted' }, t('noPicks')));
      return;
    }
    const chances = kenoHitChances(p);
    paytable.replaceChildren(
      h('h3', { class: 'kn-side-title' }, t('paytable', { n: p })),
      h('table', {},
        h('thead', {}, h('tr', {}, h('th', {}, t('colHits')), h('th', {}, t('colPays')), h('th', {}, t('colChance')))),
        h('tbody', {}, ...table.map((m, k) => ({ m, k })).filter(({ m }) => m > 0).reverse().map(({ m, k }) =>
          h('tr', { class: hits === k ? 'is-now' : '' },
            h('td', { class: 'hg-num' }, String(k)),
            h('td', { class: 'hg-num' }, multText(m)),
            h('td', { class: 'hg-num' }, `${((chances[k]?.value ?? 0) * 100).toLocaleString(locale, { maximumSignificantDigits: 3 })} %`),
          ),
        )),
      ),
      h('p', { class: 'hg-muted kn-rtp' }, t('infoRtpRow', { n: p, rtp: formatRtp(kenoRtp(p).value, locale) })),
    );
  }

  function render() {
    cells.forEach((c, i) => {
      const on = picks.has(i + 1);
      c.setAttribute('aria-pressed', String(on));
      c.classList.toggle('is-picked', on);
      c.disabled = drawing;
    });
    picked.textContent = t('picked', { n: picks.size });
    betValue.textContent = money(KENO_BETS[betIndex] ?? STAKES.minStake);
    betDown.disabled = drawing || betIndex === 0;
    betUp.disabled = drawing || betIndex === KENO_BETS.length - 1;
    quick.disabled = drawing;
    clear.disabled = drawing || picks.size === 0;
    play.disabled = drawing || picks.size === 0;
  }

  function toggle(n: number) {
    if (drawing) return;
    if (picks.has(n)) picks.delete(n);
    else if (picks.size >= KENO_MAX_PICKS) {
      hint.textContent = t('maxPicks');
      return;
    } else picks.add(n);
    clearMarks();
    renderPaytable();
    render();
  }
  function fillQuick() {
    const count = picks.size > 0 ? picks.size : lastPickCount;
    picks.clear();
    for (const n of quickPick(count)) picks.add(n);
    clearMarks();
    renderPaytable();
    render();
  }
  function clearPicks() {
    if (picks.size > 0) lastPickCount = picks.size;
    picks.clear();
    clearMarks();
    renderPaytable();
    render();
  }
  function stepBet(d: number) {
    betIndex = Math.min(KENO_BETS.length - 1, Math.max(0, betIndex + d));
    render();
  }

  async function draw() {
    if (drawing || picks.size === 0) return;
    drawing = true;
    clearMarks();
    render();
    hint.textContent = t('drawing');
    try {
      const round = await ctx.play<TKenoDetail>({ amount: KENO_BETS[betIndex], picks: [...picks].sort((a, b) => a - b) });
      if (!round) {
        hint.textContent = t('refused');
        return;
      }
      ctx.showStakeTaken(round);
      const quickShow = reducedMotion();
      const balls = [...drawnRow.children];
      for (const [i, n] of round.detail.drawn.entries()) {
        if (!quickShow) await sleep(REVEAL_MS);
        const hit = round.detail.picks.includes(n);
        cells[n - 1]?.classList.add(hit ? 'is-hit' : 'is-drawn');
        balls[i]?.replaceWith(h('span', { class: `kn-ball${hit ? ' is-hit' : ''}`, 'data-testid': 'kn-ball' }, String(n)));
      }
      const hits = round.detail.hits.length;
      renderPaytable(hits);
      hint.textContent = round.payout > 0 ? t('hintWin', { hits, paid: money(round.payout) }) : t('hintLose', { hits });
      ctx.settle(round, t('summary', { picks: round.detail.picks.length, hits, mult: multText(round.detail.multiplier) }));
    } finally {
      drawing = false;
      render();
    }
  }

  ctx.setInfo(() =>
    h('div', { class: 'kn-info' },
      h('p', {}, t('infoIntro')),
      h('p', {}, t('limits', { min: money(STAKES.minStake), max: money(MAX_STAKE) })),
      h('p', {}, t('infoRtp')),
      h('ul', {}, ...Array.from({ length: KENO_MAX_PICKS }, (_, i) => h('li', { class: 'hg-num' }, t('infoRtpRow', { n: i + 1, rtp: formatRtp(kenoRtp(i + 1).value, locale) })))),
    ),
  );

  clearMarks();
  renderPaytable();
  render();
  ctx.stage.append(
    h('div', { class: 'kn-room' },
      h('p', { class: 'kn-tagline' }, t('tagline')),
      h('div', { class: 'kn-top' },
        h('div', { class: 'kn-board-box' },
          h('div', { class: 'kn-board', role: 'group', 'aria-label': t('board'), 'data-testid': 'kn-board' }, ...cells),
          h('div', { class: 'kn-drawn-box' }, h('span', { class: 'kn-label' }, t('drawn')), drawnRow),
        ),
        paytable,
      ),
      hint,
      h('div', { class: 'kn-bar' },
        h('div', { class: 'kn-field' }, h('span', { class: 'kn-label' }, t('bet')), h('div', { class: 'kn-stepper' }, betDown, betValue, betUp)),
        picked,
        quick,
        clear,
        play,
      ),
      h('p', { class: 'hg-muted kn-limits' }, t('limits', { min: money(STAKES.minStake), max: money(MAX_STAKE) })),
    ),
  );
}
