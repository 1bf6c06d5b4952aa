import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { SLOT_DEFS, SYMBOL_ART } from './slot-art.ts';
import { BETS_PER_LINE, LINE_PAYS, PAYLINES, SCATTER_PAYS, SYMBOL_NAMES, SYMBOLS, type TSlotDetail, type TSymbol } from './slot-rules.ts';

const REELS = 5;
const ROWS = 3;
/** Cell size and reel gap in px; the win-line overlay uses the same numbers. */
const CELL = 112;
const GAP = 8;
const LINE_COLOURS = ['#f2c14e', '#ff5fb4', '#6fd6f2', '#2fbf71', '#ff8a3d', '#b08cff', '#ffe066', '#4dd0a8', '#ff6b6b', '#7cc7ff'];
/** A screen to show before the first spin. */
const FIRST_SCREEN = ['AKCQJ', 'DWBSK', 'QJADB'];

const symbolSvg = (symbol: string) => svg('0 0 100 100', SYMBOL_ART[symbol as TSymbol] ?? '', 'slot-symbol');
const randomSymbol = (): TSymbol => SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)] as TSymbol;

function cell(symbol: string): HTMLElement {
  return h('div', { class: 'slot-cell', 'data-symbol': symbol }, symbolSvg(symbol));
}

/** The slot game: reels, win lines, bet selector and the spin button. */
export function mountSlot(ctx: TGameContext): void {
  document.body.append(svg('0 0 0 0', `<defs>${SLOT_DEFS}</defs>`, 'slot-defs'));

  let betIndex = BETS_PER_LINE.indexOf(STAKES.slotDefault);
  let spinning = false;
  let grid = FIRST_SCREEN;

  const reels = Array.from({ length: REELS }, () => h('div', { class: 'slot-reel' }, h('div', { class: 'slot-strip' })));
  const lines = svg(`0 0 ${REELS * CELL + (REELS - 1) * GAP} ${ROWS * CELL}`, '', 'slot-lines');
  const banner = h('div', { class: 'slot-banner', 'data-testid': 'slot-banner', hidden: true });
  const winText = h('p', { class: 'slot-win-text', 'data-testid': 'slot-win-text' }, 'Twenty lines · pays left to right · wild crown substitutes');
  const betValue = h('strong', { class: 'hg-num', 'data-testid': 'slot-bet-per-line' });
  const totalValue = h('strong', { class: 'hg-num', 'data-testid': 'slot-total-bet' });
  const minus = h('button', { type: 'button', class: 'slot-step', 'aria-label': 'Lower the bet', onclick: () => setBet(betIndex - 1) }, '−');
  const plus = h('button', { type: 'button', class: 'slot-step', 'aria-label': 'Raise the bet', onclick: () => setBet(betIndex + 1) }, '+');
  const spinButton = h('button', { type: 'button', class: 'slot-spin', 'data-testid': 'slot-spin', 'aria-label': 'Spin', onclick: () => void spin() },
    svg('0 0 24 24', '<path d="M20 12a8 8 0 1 1-2.34-5.66" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/><path d="M20 4v5h-5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>', 'slot-spin-icon'),
    h('span', {}, 'SPIN'),
  );
  const paytableButton = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'slot-paytable', onclick: () => ctx.showInfo('Paytable', paytable()) }, 'Paytable');

  function setBet(index: number) {
    betIndex = Math.min(BETS_PER_LINE.length - 1, Math.max(0, index));
    const perLine = BETS_PER_LINE[betIndex] as number;
    betValue.textContent = money(perLine);
    totalValue.textContent = money(perLine * PAYLINES.length);
    minus.disabled = spinning || betIndex === 0;
    plus.disabled = spinning || betIndex === BETS_PER_LINE.length - 1;
  }

  function showScreen(rows: string[]) {
    reels.forEach((reel, r) => {
      const strip = reel.firstElementChild as HTMLElement;
      strip.className = 'slot-strip';
      strip.replaceChildren(...rows.map((row) => cell(row[r] ?? 'J')));
    });
  }

  function startReels() {
    for (const reel of reels) {
      const strip = reel.firstElementChild as HTMLElement;
      // Two copies of the same run: the loop animation moves by half and starts over seamlessly.
      const run = Array.from({ length: 6 }, randomSymbol);
      strip.replaceChildren(...[...run, ...run].map(cell));
      strip.className = 'slot-strip slot-strip-spinning';
    }
  }

  async function stopReels(rows: string[]) {
    const quick = reducedMotion();
    for (let r = 0; r < REELS; r += 1) {
      const strip = (reels[r] as HTMLElement).firstElementChild as HTMLElement;
      strip.replaceChildren(...rows.map((row) => cell(row[r] ?? 'J')));
      strip.className = 'slot-strip slot-strip-landing';
      if (!quick) await sleep(170);
    }
    if (!quick) await sleep(260);
  }

  function clearWins() {
    lines.replaceChildren();
    banner.hidden = true;
    for (const el of document.querySelectorAll('.slot-cell.is-win')) el.classList.remove('is-win');
  }

  const cellAt = (reel: number, row: number) => (reels[reel]?.firstElementChild as HTMLElement | null)?.children[row] as HTMLElement | undefined;
  const centre = (reel: number, row: number) => [reel * (CELL + GAP) + CELL / 2, row * CELL + CELL / 2] as const;

  function showWins(detail: TSlotDetail, payout: number, stake: number) {
    const ns = 'http://www.w3.org/2000/svg';
    // Lines that start on the same row get their number badges side by side.
    const startingOnRow = [0, 0, 0];
    detail.lineWins.forEach((win, i) => {
      const rows = PAYLINES[win.line - 1] ?? [];
      const first = rows[0] ?? 1;
      const slotOnRow = startingOnRow[first] ?? 0;
      startingOnRow[first] = slotOnRow + 1;
      const colour = LINE_COLOURS[i % LINE_COLOURS.length] as string;
      const points = rows.map((row, reel) => centre(reel, row).join(',')).join(' ');
      const line = document.createElementNS(ns, 'polyline');
      line.setAttribute('points', points);
      line.setAttribute('stroke', colour);
      line.setAttribute('class', 'slot-line');
      line.style.animationDelay = `${i * 120}ms`;
      // Outside the cabinet on the left, as on a real machine: up to three side by side per row.
      const bx = -30 - (slotOnRow % 3) * 25;
      const by = centre(0, first)[1] + Math.floor(slotOnRow / 3) * 25 - 12;
      const badge = document.createElementNS(ns, 'g');
      badge.setAttribute('class', 'slot-line-badge');
      badge.innerHTML = `<circle cx="${bx}" cy="${by}" r="11" fill="${colour}" stroke="#0e1320" stroke-width="2"/><text x="${bx}" y="${by + 4.5}" text-anchor="middle" font-size="12" font-weight="800" fill="#0e1320">${win.line}</text>`;
      lines.append(line, badge);
      for (let reel = 0; reel < win.count; reel += 1) cellAt(reel, rows[reel] ?? 0)?.classList.add('is-win');
    });
    if (detail.scatter.count >= 3) {
      detail.grid.forEach((row, r) => [...row].forEach((s, reel) => s === 'S' && cellAt(reel, r)?.classList.add('is-win')));
    }
    const parts = detail.lineWins.map((w) => `Line ${w.line}: ${w.count} × ${SYMBOL_NAMES[w.symbol]} ${money(w.multiplier * detail.betPerLine)}`);
    if (detail.scatter.multiplier > 0) parts.push(`${detail.scatter.count} scatters ${money(detail.scatter.multiplier * stake)}`);
    winText.textContent = payout > 0 ? parts.join(' · ') : 'No win this time. Spin again!';
    winText.classList.toggle('is-win', payout > 0);
    if (payout > 0) {
      banner.replaceChildren(h('span', {}, payout >= stake * 10 ? 'BIG WIN' : 'WIN'), h('strong', { class: 'hg-num' }, money(payout)));
      banner.className = `slot-banner${payout >= stake * 10 ? ' is-big' : ''}`;
      banner.hidden = false;
    }
  }

  async function spin() {
    if (spinning) return;
    spinning = true;
    spinButton.disabled = true;
    setBet(betIndex);
    clearWins();
    winText.textContent = 'Good luck!';
    winText.classList.remove('is-win');
    startReels();
    const started = performance.now();
    const betPerLine = BETS_PER_LINE[betIndex] as number;
    const result = await ctx.play<TSlotDetail>({ betPerLine });
    try {
      if (!result) {
        showScreen(grid);
        winText.textContent = 'The spin did not take place.';
        return;
      }
      ctx.showStakeTaken(result);
      const minSpin = reducedMotion() ? 0 : 650;
      await sleep(Math.max(0, minSpin - (performance.now() - started)));
      grid = result.detail.grid;
      await stopReels(grid);
      showWins(result.detail, result.payout, result.stake);
      const net = result.payout > 0 ? `won ${money(result.payout)}` : 'no win';
      ctx.settle(result, `Spin ${money(result.stake)} · ${net}`);
    } finally {
      spinning = false;
      spinButton.disabled = false;
      setBet(betIndex);
    }
  }

  function paytable(): HTMLElement {
    const rows = (Object.keys(LINE_PAYS) as (keyof typeof LINE_PAYS)[]).map((s) => {
      const [three, four, five] = LINE_PAYS[s];
      return h('li', {}, symbolSvg(s), h('div', {}, h('strong', {}, SYMBOL_NAMES[s]), h('span', { class: 'hg-num' }, `5× ${five} · 4× ${four} · 3× ${three}`)));
    });
    rows.splice(1, 0, h('li', {}, symbolSvg('S'), h('div', {}, h('strong', {}, SYMBOL_NAMES.S), h('span', { class: 'hg-num' }, `5× ${SCATTER_PAYS[5]} · 4× ${SCATTER_PAYS[4]} · 3× ${SCATTER_PAYS[3]} total bets`))));
    return h('div', { class: 'slot-paytable' },
      h('ul', {}, ...rows),
      h('p', { class: 'hg-muted' }, `Line wins are in line bets (now ${money(BETS_PER_LINE[betIndex] as number)}), paid left to right on the 20 lines. The wild crown stands for every symbol but the scatter; scatters pay anywhere, in total bets. The highest win per line is paid.`),
    );
  }

  window.addEventListener('keydown', (e) => {
    if (e.code === 'Space' && !(e.target instanceof HTMLInputElement) && !(e.target instanceof HTMLButtonElement) && !document.querySelector('dialog[open]')) {
      e.preventDefault();
      void spin();
    }
  });

  showScreen(grid);
  setBet(betIndex);
  ctx.stage.append(
    h('div', { class: 'slot-machine' },
      h('div', { class: 'slot-marquee' }, svg('0 0 100 100', SYMBOL_ART.W, 'slot-marquee-icon'), h('span', {}, 'LUCKY CROWN'), h('em', {}, '20 lines')),
      h('div', { class: 'slot-window', 'data-testid': 'slot-reels' }, h('div', { class: 'slot-reels' }, ...reels), lines, banner),
      winText,
      h('div', { class: 'slot-controls' },
        h('div', { class: 'slot-bet' }, h('span', { class: 'slot-label' }, 'Bet per line'), h('div', { class: 'slot-stepper' }, minus, betValue, plus)),
        h('div', { class: 'slot-bet' }, h('span', { class: 'slot-label' }, 'Total bet'), totalValue),
        spinButton,
        paytableButton,
      ),
    ),
  );
}
