import { PLINKO_RISKS, PLINKO_ROWS, plinkoSlotChances, plinkoTable, type TPlinkoDetail, type TPlinkoRisk } from '@playhall/contract/house-rules/plinko';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { formatRtp } from '../shared/shell-text.ts';
import { localeTag } from '../shared/text.ts';
import { plinkoText } from './plinko-text.ts';

const SVGNS = 'http://www.w3.org/2000/svg';
const W = 640;
const TOP = 34;
/** One row of the fall takes this long. */
const ROW_MS = 120;
/** The bet ladder: multiples of the currency's smallest stake. */
export const PLINKO_BETS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((k) => k * STAKES.minStake);

/** "5.62×" from hundredths. */
export const multText = (m: number): string => `${(m / 100).toLocaleString('en-GB', { minimumFractionDigits: m % 100 === 0 && m >= 1000 ? 0 : 2, maximumFractionDigits: 2 })}×`;

/** The colour band of a multiplier: the edges are hot, the centre cool. */
export function band(m: number): 'b0' | 'b1' | 'b2' | 'b3' | 'b4' {
  if (m >= 1000) return 'b4';
  if (m >= 300) return 'b3';
  if (m >= 150) return 'b2';
  if (m >= 100) return 'b1';
  return 'b0';
}

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/**
 * Plinko Drop: pick rows (8–16), risk and bet; the server drops the ball (one fair bit per row) and the page
 * replays its recorded path peg by peg (reduced motion: the ball lands at once). Space or Enter drops a ball.
 */
export function mountPlinko(ctx: TGameContext): void {
  const t = plinkoText();
  const locale = localeTag(ctx.lang);
  const rtp = ctx.rtp ?? 0.99;
  let rows: number = 12;
  let risk: TPlinkoRisk = 'medium';
  let betIndex = 2;
  let dropping = false;
  const recent: { m: number }[] = [];

  const board = el('svg', { class: 'pl-board', role: 'img', 'aria-label': t('board'), 'data-testid': 'pl-board' });
  const slotsRow = h('div', { class: 'pl-slots', 'data-testid': 'pl-slots' });
  const hint = h('p', { class: 'pl-hint', 'data-testid': 'pl-hint', 'aria-live': 'polite' }, t('hint'));
  const betValue = h('strong', { class: 'hg-num pl-bet-value', 'data-testid': 'pl-bet' });
  const betDown = h('button', { type: 'button', class: 'hg-btn pl-step', 'aria-label': t('betDown'), 'data-testid': 'pl-bet-down', onclick: () => stepBet(-1) }, '−');
  const betUp = h('button', { type: 'button', class: 'hg-btn pl-step', 'aria-label': t('betUp'), 'data-testid': 'pl-bet-up', onclick: () => stepBet(1) }, '+');
  const rowButtons = PLINKO_ROWS.map((n) =>
    h('button', { type: 'button', class: 'pl-seg', 'data-testid': `pl-rows-${n}`, 'aria-pressed': 'false', onclick: () => setRows(n) }, String(n)),
  );
  const riskButtons = PLINKO_RISKS.map((r) =>
    h('button', { type: 'button', class: `pl-seg pl-risk-${r}`, 'data-testid': `pl-risk-${r}`, 'aria-pressed': 'false', onclick: () => setRisk(r) }, t(r)),
  );
  const drop = h('button', { type: 'button', class: 'hg-btn hg-btn-primary pl-drop', 'data-testid': 'pl-drop', onclick: () => void play() }, t('drop'));
  const lastList = h('div', { class: 'pl-last', 'data-testid': 'pl-last' }, h('span', { class: 'hg-muted' }, t('noDrops')));

  const geometry = () => {
    const s = W / (rows + 2);
    const rowH = s * 0.86;
    return { s, rowH, height: TOP + rows * rowH + 8 };
  };
  const pegX = (r: number, j: number, s: number) => W / 2 + (j - (r + 2) / 2) * s;

  function drawBoard() {
    const { s, rowH, height } = geometry();
    board.setAttribute('viewBox', `0 0 ${W} ${height}`);
    board.replaceChildren();
    const pegR = Math.max(3, s * 0.09);
    for (let r = 0; r < rows; r += 1) {
      for (let j = 0; j < r + 3; j += 1) board.append(el('circle', { class: 'pl-peg', cx: pegX(r, j, s), cy: TOP + r * rowH, r: pegR }));
    }
    const table = plinkoTable(rows, risk);
    slotsRow.style.setProperty('--slot-w', `${(s / W) * 100}%`);
    slotsRow.replaceChildren(...table.map((m, i) => h('span', { class: `pl-slot pl-${band(m)}`, 'data-slot': i }, multText(m))));
  }

  function render() {
    betValue.textContent = money(PLINKO_BETS[betIndex] ?? STAKES.minStake);
    betDown.disabled = dropping || betIndex === 0;
    betUp.disabled = dropping || betIndex === PLINKO_BETS.length - 1;
    rowButtons.forEach((b, i) => {
      b.setAttribute('aria-pressed', String(PLINKO_ROWS[i] === rows));
      b.disabled = dropping;
    });
    riskButtons.forEach((b, i) => {
      b.setAttribute('aria-pressed', String(PLINKO_RISKS[i] === risk));
      b.disabled = dropping;
    });
    drop.disabled = dropping;
  }

  function stepBet(d: number) {
    betIndex = Math.min(PLINKO_BETS.length - 1, Math.max(0, betIndex + d));
    render();
  }
  function setRows(n: number) {
    if (dropping) return;
    rows = n;
    drawBoard();
    render();
  }
  function setRisk(r: TPlinkoRisk) {
    if (dropping) return;
    risk = r;
    drawBoard();
    render();
  }

  async function animate(detail: TPlinkoDetail) {
    const { s, rowH, height } = geometry();
    const ball = el('circle', { class: 'pl-ball', r: Math.max(5, s * 0.2), cx: W / 2, cy: TOP - rowH * 0.7 });
    board.append(ball);
    if (!reducedMotion()) {
      let k = 0;
      const points: [number, number][] = [[W / 2, TOP - rowH * 0.7]];
      detail.path.forEach((bit, r) => {
        points.push([W / 2 + (k - r / 2) * s, TOP + r * rowH - pegBounce(s)]);
        k += bit;
      });
      points.push([W / 2 + (k - detail.rows / 2) * s, height]);
      for (let i = 1; i < points.length; i += 1) {
        const [x0, y0] = points[i - 1] ?? [0, 0];
        const [x1, y1] = points[i] ?? [0, 0];
        const start = performance.now();
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            const u = Math.min(1, (now - start) / ROW_MS);
            // Across linearly, down with gravity and a small hop off the peg.
            ball.setAttribute('cx', String(x0 + (x1 - x0) * u));
            ball.setAttribute('cy', String(y0 + (y1 - y0) * u * u - Math.sin(Math.PI * u) * s * 0.25));
            if (u < 1) requestAnimationFrame(step);
            else resolve();
          };
          requestAnimationFrame(step);
        });
      }
    }
    ball.remove();
    const slot = slotsRow.children[detail.slot];
    slot?.classList.remove('is-hit');
    void (slot as HTMLElement | undefined)?.offsetWidth;
    slot?.classList.add('is-hit');
  }
  const pegBounce = (s: number) => s * 0.22;

  function addLast(m: number) {
    recent.unshift({ m });
    if (recent.length > 12) recent.pop();
    lastList.replaceChildren(...recent.map((r) => h('span', { class: `pl-chip pl-${band(r.m)}` }, multText(r.m))));
  }

  async function play() {
    if (dropping) return;
    dropping = true;
    render();
    hint.textContent = t('dropping');
    try {
      const round = await ctx.play<TPlinkoDetail>({ amount: PLINKO_BETS[betIndex], rows, risk });
      if (!round) {
        hint.textContent = t('refused');
        return;
      }
      ctx.showStakeTaken(round);
      if (round.detail.rows !== rows || round.detail.risk !== risk) {
        rows = round.detail.rows;
        risk = round.detail.risk;
        drawBoard();
      }
      await animate(round.detail);
      const mult = multText(round.detail.multiplier);
      hint.textContent = round.payout > round.stake ? t('hintWin', { mult, paid: money(round.payout) }) : t('hintLose', { mult, paid: money(round.payout) });
      addLast(round.detail.multiplier);
      ctx.settle(round, t('summary', { rows: round.detail.rows, risk: t(round.detail.risk), mult }));
    } finally {
      dropping = false;
      render();
    }
  }

  function info(): Node {
    const chances = plinkoSlotChances(rows);
    const table = plinkoTable(rows, risk);
    return h('div', { class: 'pl-info' },
      h('p', {}, t('infoIntro')),
      h('p', {}, t('limits', { min: money(STAKES.minStake), max: money(MAX_STAKE) })),
      h('h4', {}, t('infoTable', { rows, risk: t(risk) })),
      h('table', { class: 'pl-paytable' },
        h('thead', {}, h('tr', {}, h('th', {}, t('colSlot')), h('th', {}, t('colMultiplier')), h('th', {}, t('colChance')))),
        h('tbody', {}, ...table.map((m, i) =>
          h('tr', {}, h('td', { class: 'hg-num' }, String(i)), h('td', { class: 'hg-num' }, multText(m)), h('td', { class: 'hg-num' }, `${((chances[i]?.value ?? 0) * 100).toLocaleString(locale, { maximumSignificantDigits: 3 })} %`)),
        )),
      ),
      h('p', {}, t('infoRtp', { rtp: formatRtp(rtp, locale) })),
    );
  }
  ctx.setInfo(info);

  window.addEventListener('keydown', (e) => {
    if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
      const target = e.target as HTMLElement | null;
      // A focused button answers Enter/Space itself; the page's shortcut is for the rest of the page.
      if (target && (target.tagName === 'BUTTON' || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.closest('dialog'))) return;
      e.preventDefault();
      void play();
    }
  });

  drawBoard();
  render();
  ctx.stage.append(
    h('div', { class: 'pl-room' },
      h('p', { class: 'pl-tagline' }, t('tagline', { rtp: formatRtp(rtp, locale) })),
      h('div', { class: 'pl-board-box' }, board, slotsRow),
      hint,
      h('div', { class: 'pl-bar' },
        h('div', { class: 'pl-field' }, h('span', { class: 'pl-label' }, t('bet')), h('div', { class: 'pl-stepper' }, betDown, betValue, betUp)),
        h('div', { class: 'pl-field' }, h('span', { class: 'pl-label' }, t('risk')), h('div', { class: 'pl-segs', role: 'group', 'aria-label': t('risk') }, ...riskButtons)),
        h('div', { class: 'pl-field pl-field-rows' }, h('span', { class: 'pl-label' }, t('rows')), h('div', { class: 'pl-segs', role: 'group', 'aria-label': t('rows') }, ...rowButtons)),
        drop,
      ),
      h('div', { class: 'pl-foot' },
        h('span', { class: 'hg-muted' }, t('limits', { min: money(STAKES.minStake), max: money(MAX_STAKE) })),
        h('span', { class: 'hg-muted' }, t('keys')),
      ),
      h('div', { class: 'pl-last-box' }, h('span', { class: 'pl-label' }, t('lastDrops')), lastList),
    ),
  );
}
