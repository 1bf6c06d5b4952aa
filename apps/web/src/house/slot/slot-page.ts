import { h, reducedMotion, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { paytable } from './slot-paytable.ts';
import { symbolName, type slotText } from './slot-text.ts';
import type { TSlotTitle } from './slot-titles.ts';
import type { TRoundView, TSpinView, TStepView } from './slot-view.ts';

/**
 * The slot page for every title (issue 21): the title's cabinet and art, reels of any size, win lines or ways,
 * cascades step by step, free spins with their counter and total, the bonus pick as the server drew it, the big-win
 * banner, the bet stepper, turbo, autoplay and the paytable. The server decides the round; the page replays its
 * detail. Space/Enter spins (and skips a running animation), + and − change the bet.
 */

const GAP = 8;
const LINE_COLOURS = ['#f2c14e', '#ff5fb4', '#6fd6f2', '#2fbf71', '#ff8a3d', '#b08cff', '#ffe066', '#4dd0a8', '#ff6b6b', '#7cc7ff'];
const AUTO_COUNTS = [10, 25, 50];

type T = ReturnType<typeof slotText>;

/** The cell size that fits the grid in the cabinet: at most 112 px, the whole window about 600 × 400. */
export const cellSize = (reels: number, rows: number): number => Math.min(112, Math.floor(600 / reels) - GAP, Math.floor(400 / rows));

export function mountSlotMachine(ctx: TGameContext, title: TSlotTitle, t: T): void {
  const { view, art } = title;
  const CELL = cellSize(view.reels, view.rows);
  const symbolSvg = (id: string, className = 'slot-symbol') => {
    const el = svg('0 0 100 100', art.symbols[id] ?? '', className);
    el.setAttribute('role', 'img');
    el.removeAttribute('aria-hidden');
    el.setAttribute('aria-label', symbolName(t, id));
    return el;
  };
  const ids = view.symbols.map((s) => s.id);
  const randomSymbol = () => ids[Math.floor(Math.random() * ids.length)] as string;
  const cell = (id: string) => h('div', { class: 'slot-cell', 'data-symbol': id }, symbolSvg(id));

  document.body.append(svg('0 0 0 0', `<defs>${art.defs}</defs>`, 'slot-defs'));

  let betIndex = Math.max(0, view.steps.indexOf(view.defaultBet));
  let spinning = false;
  let skipping = false;
  let turbo = false;
  let autoLeft = 0;
  // A first screen: the symbols in order, so the player sees the whole set before the first spin.
  let grid: string[] = Array.from({ length: view.reels * view.rows }, (_, i) => ids[(i * 3 + Math.floor(i / view.rows)) % ids.length] as string);

  const fast = () => skipping || turbo || reducedMotion();
  /** Waits unless the animation is being skipped (or turbo / reduced motion shortens it). */
  const wait = (ms: number) => new Promise<void>((resolve) => {
    if (fast()) return resolve();
    const started = performance.now();
    const tick = () => (skipping || performance.now() - started >= ms ? resolve() : setTimeout(tick, 40));
    setTimeout(tick, Math.min(ms, 40));
  });

  const reels = Array.from({ length: view.reels }, () => h('div', { class: 'slot-reel' }, h('div', { class: 'slot-strip' })));
  const width = view.reels * CELL + (view.reels - 1) * GAP;
  const lines = svg(`0 0 ${width} ${view.rows * CELL}`, '', 'slot-lines');
  const banner = h('div', { class: 'slot-banner', 'data-testid': 'slot-banner', hidden: true, role: 'status' });
  const bonusLayer = h('div', { class: 'slot-bonus', 'data-testid': 'slot-bonus', hidden: true });
  const counter = h('div', { class: 'slot-counter', 'data-testid': 'slot-counter', hidden: true, 'aria-live': 'polite' });
  const winText = h('p', { class: 'slot-win-text', 'data-testid': 'slot-win-text', 'aria-live': 'polite' }, t('intro'));
  const betValue = h('strong', { class: 'hg-num', 'data-testid': view.stepsPerLine ? 'slot-bet-per-line' : 'slot-total-bet' });
  const statValue = h('strong', { class: 'hg-num', 'data-testid': view.stepsPerLine ? 'slot-total-bet' : view.lines ? 'slot-line-bet' : 'slot-ways' });
  const minus = h('button', { type: 'button', class: 'slot-step', 'aria-label': t('lower'), 'data-testid': 'slot-lower', onclick: () => setBet(betIndex - 1) }, '−');
  const plus = h('button', { type: 'button', class: 'slot-step', 'aria-label': t('raise'), 'data-testid': 'slot-raise', onclick: () => setBet(betIndex + 1) }, '+');
  const spinButton = h('button', { type: 'button', class: 'slot-spin', 'data-testid': 'slot-spin', 'aria-label': t('spinLabel'), onclick: () => void spin() },
    svg('0 0 24 24', '<path d="M20 12a8 8 0 1 1-2.34-5.66" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round"/><path d="M20 4v5h-5" fill="none" stroke="currentColor" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>', 'slot-spin-icon'),
    h('span', {}, t('spin')),
  );
  const turboButton = h('button', { type: 'button', class: 'hg-btn hg-btn-sm slot-toggle', 'aria-pressed': 'false', 'data-testid': 'slot-turbo', onclick: () => {
    turbo = !turbo;
    turboButton.setAttribute('aria-pressed', String(turbo));
  } }, '⚡ ', t('turbo'));
  const autoSelect = h('select', { class: 'hg-input slot-auto-count', 'aria-label': t('auto'), 'data-testid': 'slot-auto-count' },
    ...AUTO_COUNTS.map((n) => h('option', { value: n }, t('autoSpins', { n }))));
  const autoButton = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'slot-auto', onclick: () => toggleAuto() }, t('auto'));
  const paytableBody = () => paytable(title, t, view.steps[betIndex] as number, symbolSvg);
  const paytableButton = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'slot-paytable', onclick: () => ctx.showInfo(t('infoTitle'), paytableBody()) }, t('paytable'));
  ctx.setInfo(paytableBody);

  function setBet(index: number) {
    if (spinning || autoLeft > 0) index = betIndex;
    betIndex = Math.min(view.steps.length - 1, Math.max(0, index));
    const bet = view.steps[betIndex] as number;
    betValue.textContent = money(view.stepsPerLine ? bet / view.coins : bet);
    statValue.textContent = view.stepsPerLine ? money(bet) : view.lines ? money(bet / view.coins) : view.ways!.toLocaleString('en-US');
    minus.disabled = spinning || autoLeft > 0 || betIndex === 0;
    plus.disabled = spinning || autoLeft > 0 || betIndex === view.steps.length - 1;
  }

  const strip = (reel: number) => (reels[reel] as HTMLElement).firstElementChild as HTMLElement;
  const cellAt = (c: number) => strip(Math.floor(c / view.rows)).children[c % view.rows] as HTMLElement | undefined;

  function showScreen(g: string[], landing = false) {
    reels.forEach((_, r) => {
      const s = strip(r);
      s.className = landing ? 'slot-strip slot-strip-landing' : 'slot-strip';
      s.replaceChildren(...Array.from({ length: view.rows }, (_, row) => cell(g[r * view.rows + row] ?? ids[0]!)));
    });
  }

  function startReels() {
    for (let r = 0; r < view.reels; r += 1) {
      // Two copies of the same run: the loop animation moves by half and starts over seamlessly.
      const run = Array.from({ length: view.rows + 3 }, randomSymbol);
      const s = strip(r);
      s.replaceChildren(...[...run, ...run].map(cell));
      s.className = 'slot-strip slot-strip-spinning';
    }
  }

  async function stopReels(g: string[]) {
    for (let r = 0; r < view.reels; r += 1) {
      const s = strip(r);
      s.replaceChildren(...Array.from({ length: view.rows }, (_, row) => cell(g[r * view.rows + row] ?? ids[0]!)));
      s.className = fast() ? 'slot-strip' : 'slot-strip slot-strip-landing';
      await wait(150);
    }
    await wait(240);
  }

  function clearWins() {
    lines.replaceChildren();
    for (const el of document.querySelectorAll('.slot-cell.is-win, .slot-cell.is-dim')) el.classList.remove('is-win', 'is-dim');
  }

  const centre = (c: number) => [Math.floor(c / view.rows) * (CELL + GAP) + CELL / 2, (c % view.rows) * CELL + CELL / 2] as const;

  function winLine(step: TStepView): string {
    return step.wins.map((w) => w.line !== undefined
      ? t('lineWin', { line: w.line, count: w.count, symbol: symbolName(t, w.symbol), amount: money(w.amount) })
      : t('waysWin', { count: w.count, symbol: symbolName(t, w.symbol), ways: w.ways ?? 1, amount: money(w.amount) })).join(' · ');
  }

  function showStepWins(step: TStepView) {
    clearWins();
    if (step.wins.length === 0) return;
    const ns = 'http://www.w3.org/2000/svg';
    const winning = new Set(step.wins.flatMap((w) => w.cells));
    for (let c = 0; c < view.reels * view.rows; c += 1) cellAt(c)?.classList.add(winning.has(c) ? 'is-win' : 'is-dim');
    step.wins.forEach((w, i) => {
      if (w.line === undefined || !view.lines) return;
      const rows = view.lines[w.line - 1] ?? [];
      const colour = LINE_COLOURS[i % LINE_COLOURS.length] as string;
      const line = document.createElementNS(ns, 'polyline');
      line.setAttribute('points', rows.map((row, reel) => centre(reel * view.rows + row).join(',')).join(' '));
      line.setAttribute('stroke', colour);
      line.setAttribute('class', 'slot-line');
      line.style.animationDelay = `${i * 100}ms`;
      const [bx, by] = [-20, centre(rows[0] ?? 0)[1]];
      const badge = document.createElementNS(ns, 'g');
      badge.setAttribute('class', 'slot-line-badge');
      badge.innerHTML = `<circle cx="${bx}" cy="${by}" r="12" fill="${colour}" stroke="#0e1320" stroke-width="2"/><text x="${bx}" y="${by + 4.5}" text-anchor="middle" font-size="12" font-weight="800" fill="#0e1320">${w.line}</text>`;
      lines.append(line, badge);
    });
    winText.textContent = winLine(step);
    winText.classList.add('is-win');
  }

  function showBanner(kind: 'win' | 'big' | 'mega' | 'free', label: string, amount?: number) {
    banner.replaceChildren(h('span', {}, label), ...(amount === undefined ? [] : [h('strong', { class: 'hg-num' }, money(amount))]));
    banner.className = `slot-banner is-${kind}`;
    banner.hidden = false;
  }

  function setCounter(parts: (string | null)[]) {
    const shown = parts.filter((p): p is string => !!p);
    counter.replaceChildren(...shown.map((p) => h('span', {}, p)));
    counter.hidden = shown.length === 0;
  }

  async function playSteps(spinView: TSpinView, header: (string | null)[]) {
    for (let i = 0; i < spinView.steps.length; i += 1) {
      const step = spinView.steps[i] as TStepView;
      if (i > 0) {
        // A cascade: the winning symbols vanish, the rest fall and new ones drop in.
        for (const el of document.querySelectorAll('.slot-cell.is-win')) el.classList.add('is-vanish');
        await wait(320);
        clearWins();
        showScreen(step.grid, !fast());
        await wait(360);
      }
      const multiplier = step.multiplier > 1 ? (view.cascade ? t('cascade', { m: step.multiplier }) : t('multiplier', { m: step.multiplier })) : null;
      setCounter([...header, multiplier]);
      for (const w of spinView.wilds) if (i === 0) cellAt(w.cell)?.append(h('em', { class: 'slot-wild-mult' }, `×${w.multiplier}`));
      showStepWins(step);
      if (step.wins.length > 0) await wait(view.cascade ? 900 : 1100);
    }
    if (spinView.scatter.cells.length >= 3 && (spinView.scatter.amount > 0 || spinView.freeSpinsAwarded > 0)) {
      clearWins();
      for (const c of spinView.scatter.cells) cellAt(c)?.classList.add('is-win');
      const scatterId = view.symbols.find((s) => s.kind === 'scatter')?.id ?? 'scatter';
      if (spinView.scatter.amount > 0) winText.textContent = t('scatterWin', { count: spinView.scatter.count, symbol: symbolName(t, scatterId), amount: money(spinView.scatter.amount) });
      await wait(900);
    }
    if (spinView.bonus) await playBonus(spinView.bonus);
  }

  async function playBonus(bonus: NonNullable<TSpinView['bonus']>) {
    const tiles = title.view.bonus?.tiles ?? bonus.picks.length;
    const bonusId = view.symbols.find((s) => s.kind === 'bonus')?.id ?? 'bonus';
    // Where the picks show: spread over the tiles (the drawing only; the prizes are the server's).
    const at = bonus.picks.map((_, k) => Math.floor(((k + 0.5) * tiles) / bonus.picks.length));
    const cells = Array.from({ length: tiles }, () => h('div', { class: 'slot-bonus-tile', 'data-testid': 'slot-bonus-tile' }, symbolSvg(bonusId, 'slot-bonus-icon')));
    const total = h('strong', { class: 'hg-num' }, money(0));
    bonusLayer.replaceChildren(
      h('h3', {}, t('bonusTitle')),
      h('p', {}, t('bonusPicks', { n: bonus.picks.length, tiles })),
      h('div', { class: 'slot-bonus-grid', style: `grid-template-columns: repeat(${Math.min(6, tiles)}, 1fr)` }, ...cells),
      h('p', { class: 'slot-bonus-total' }, t('bonusWin'), ' ', total),
    );
    bonusLayer.hidden = false;
    await wait(700);
    let sum = 0;
    for (let k = 0; k < bonus.picks.length; k += 1) {
      const pick = bonus.picks[k]!;
      const tile = cells[at[k] ?? k];
      sum += pick.amount;
      tile?.classList.add('is-open');
      tile?.replaceChildren(h('span', {}, `×${pick.multiplier}`), h('small', { class: 'hg-num' }, money(pick.amount)));
      total.textContent = money(sum);
      await wait(650);
    }
    await wait(900);
    bonusLayer.hidden = true;
  }

  async function playRound(round: TRoundView, stake: number, payout: number) {
    const [base, ...free] = round.spins;
    if (!base) return;
    grid = base.steps[0]?.grid ?? grid;
    await stopReels(grid);
    await playSteps(base, []);
    if (free.length > 0) {
      let total = free.length;
      showBanner('free', t('freeSpinsWon', { n: base.freeSpinsAwarded }));
      await wait(1300);
      banner.hidden = true;
      let freeWin = 0;
      for (const spinView of free) {
        const header = () => [t('freeSpin', { n: spinView.free, total }), view.freeSpins && view.freeSpins.multiplier > 1 ? t('multiplier', { m: view.freeSpins.multiplier }) : null, `${t('freeTotal')}: ${money(freeWin)}`];
        setCounter(header());
        clearWins();
        startReels();
        await wait(420);
        grid = spinView.steps[0]?.grid ?? grid;
        await stopReels(grid);
        await playSteps(spinView, header().slice(0, 2));
        freeWin += spinView.amount;
        if (spinView.freeSpinsAwarded > 0) {
          setCounter([t('retrigger', { n: spinView.freeSpinsAwarded })]);
          await wait(900);
        }
        total = free.length;
        setCounter(header());
      }
      setCounter([`${t('freeTotal')}: ${money(freeWin)}`]);
    }
    const all = round.spins.flatMap((s) => s.steps);
    const lastWin = [...all].reverse().find((s) => s.wins.length > 0);
    if (lastWin && round.spins.length === 1 && !base.bonus) showStepWins(lastWin);
    if (payout > 0) {
      const x = payout / stake;
      showBanner(x >= 30 ? 'mega' : x >= 10 ? 'big' : 'win', x >= 30 ? t('megaWin') : x >= 10 ? t('bigWin') : t('win'), payout);
      if (round.spins.length > 1 || base.bonus || base.steps.length > 1) winText.textContent = `${t('totalWin')}: ${money(payout)}`;
      if (round.capped) winText.textContent = t('capped', { x: view.maxWin });
      winText.classList.add('is-win');
    } else {
      winText.textContent = t('noWin');
      winText.classList.remove('is-win');
    }
  }

  /** One paid round; what it was, for autoplay. */
  async function spin(): Promise<'plain' | 'feature' | 'refused'> {
    if (spinning) return 'refused';
    spinning = true;
    skipping = false;
    spinButton.disabled = true;
    setBet(betIndex);
    clearWins();
    banner.hidden = true;
    setCounter([]);
    winText.textContent = t('goodLuck');
    winText.classList.remove('is-win');
    startReels();
    const started = performance.now();
    const bet = view.steps[betIndex] as number;
    const result = await ctx.play<unknown>(view.input(bet));
    let feature = false;
    try {
      if (!result) {
        showScreen(grid);
        winText.textContent = t('notTaken');
        return 'refused';
      }
      ctx.showStakeTaken(result);
      await wait(Math.max(0, 600 - (performance.now() - started)));
      const round = title.round(result.detail);
      feature = round.spins.length > 1 || !!round.spins[0]?.bonus;
      await playRound(round, result.stake, result.payout);
      const extras = [round.spins.length > 1 ? t('summaryFree', { n: round.spins.length - 1 }) : null, round.spins.some((s) => s.bonus) ? t('summaryBonus') : null].filter(Boolean);
      const summary = result.payout > 0 ? t('summaryWin', { stake: money(result.stake), payout: money(result.payout) }) : t('summaryLoss', { stake: money(result.stake) });
      ctx.settle(result, [summary, ...extras].join(' · '));
      return feature ? 'feature' : 'plain';
    } finally {
      spinning = false;
      skipping = false;
      spinButton.disabled = false;
      setBet(betIndex);
    }
  }

  async function toggleAuto() {
    if (autoLeft > 0) {
      autoLeft = 0;
      return;
    }
    autoLeft = Number(autoSelect.value) || AUTO_COUNTS[0]!;
    autoButton.textContent = t('autoStop');
    autoSelect.disabled = true;
    let reason: string | null = null;
    while (autoLeft > 0) {
      autoLeft -= 1;
      setCounter([t('autoLeft', { n: autoLeft })]);
      const outcome = await spin();
      if (outcome !== 'plain') {
        reason = outcome === 'feature' ? t('autoFeature') : t('autoError');
        break;
      }
    }
    autoLeft = 0;
    autoButton.textContent = t('auto');
    autoSelect.disabled = false;
    setBet(betIndex);
    setCounter([reason ? t('autoStopped', { reason }) : t('autoDone')]);
  }

  const isField = (el: EventTarget | null) => el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
  window.addEventListener('keydown', (e) => {
    if (document.querySelector('dialog[open]') || isField(e.target)) return;
    if (e.code === 'Space' || e.key === 'Enter') {
      // On a focused button, Enter/Space press that button (the browser's own behaviour), except the spin button's skip.
      if (e.target instanceof HTMLButtonElement && e.target !== spinButton) return;
      e.preventDefault();
      if (spinning) skipping = true;
      else if (autoLeft === 0) void spin();
    } else if (e.key === '+' || e.key === '=' || e.code === 'NumpadAdd') {
      setBet(betIndex + 1);
    } else if (e.key === '-' || e.code === 'NumpadSubtract') {
      setBet(betIndex - 1);
    }
  });

  const windowEl = h('div', { class: 'slot-window', 'data-testid': 'slot-reels', onclick: () => { if (spinning) skipping = true; } },
    h('div', { class: 'slot-reels' }, ...reels), lines, banner, bonusLayer);
  showScreen(grid);
  setBet(betIndex);
  const backdrop = svg('0 0 800 500', art.backdrop, 'slot-backdrop');
  backdrop.setAttribute('preserveAspectRatio', 'xMidYMid slice');
  const machine = h('div', { class: `slot-machine slot-title-${view.id}`, 'data-testid': 'slot-machine', 'data-title': view.id },
    backdrop,
    h('div', { class: 'slot-marquee' }, svg('0 0 64 64', art.logo, 'slot-marquee-icon'), h('span', {}, view.name), h('em', {}, view.lines ? t('lines', { n: view.lines.length }) : t('ways', { n: (view.ways ?? 0).toLocaleString('en-US') }))),
    counter,
    windowEl,
    winText,
    h('div', { class: 'slot-controls' },
      h('div', { class: 'slot-bet' }, h('span', { class: 'slot-label' }, view.stepsPerLine ? t('betPerLine') : t('totalBet')), h('div', { class: 'slot-stepper' }, minus, betValue, plus)),
      h('div', { class: 'slot-bet' }, h('span', { class: 'slot-label' }, view.stepsPerLine ? t('totalBet') : view.lines ? t('lineBet') : t('waysLabel')), statValue),
      spinButton,
      h('div', { class: 'slot-side-controls' }, turboButton, h('div', { class: 'slot-auto' }, autoSelect, autoButton), paytableButton),
    ),
  );
  const s = machine.style;
  s.setProperty('--cell', `${CELL}px`);
  s.setProperty('--reels', String(view.reels));
  s.setProperty('--rows', String(view.rows));
  s.setProperty('--sl-frame', art.theme.frame);
  s.setProperty('--sl-reels', art.theme.reels);
  s.setProperty('--sl-marquee', art.theme.marquee);
  s.setProperty('--sl-ink', art.theme.ink);
  s.setProperty('--sl-accent', art.theme.accent);
  s.setProperty('--sl-glow', art.theme.glow);
  s.setProperty('--sl-font', art.theme.font);
  ctx.stage.append(machine);
}
