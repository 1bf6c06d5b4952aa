import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import {
  colourOf, ROULETTE_BET_TYPES, ROULETTE_LIMITS, ROULETTE_MAX_TOTAL, roulettePaysToOne, rouletteRtp, type RouletteDetail, type TRouletteBet, type TRouletteBetType,
} from '@playhall/contract/house-rules/roulette';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { createTableKit } from '../shared/table-kit.ts';
import type { TTranslator } from '../shared/text.ts';
import { BALL, chipArt, pocketAngle, POINTER, WHEEL_FRAME, wheelArt } from './roulette-art.ts';
import { cellOf, hotAndCold, hotSpots, numberSpots, outsideSpots, spotKey, type TSpot } from './roulette-board.ts';
import { rouletteText, type TRouletteKey } from './roulette-text.ts';

const ROAD_SIZE = 50;
const SPIN_MS = 4200;
const CHIPS: readonly number[] = STAKES.baccaratChips;

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

/** What a spot is called on the board and in its label. */
function spotName(t: TTranslator<TRouletteKey>, spot: TSpot): string {
  const s = spot.selection;
  if (spot.type === 'dozen') return t(`dozen${s as 1 | 2 | 3}`);
  if (spot.type === 'column') return `${t('column')} ${String(s)}`;
  if (Array.isArray(s)) return `${t(spot.type)} ${s.join('-')}`;
  return t(spot.type);
}

/** The roulette table: wheel, result, history road with statistics, the full board, chips and controls. */
export function mountRoulette(ctx: TGameContext): void {
  const t = rouletteText();
  const rtp = titleOfEngine('HOUSE_ROULETTE_EU')?.rtp ?? 36 / 37;
  let turned = 0;
  const road: number[] = [];
  const colourName = (n: number) => {
    const c = colourOf(n);
    return t(c === 'green' ? 'zero' : c);
  };

  // ---- chips, the bet slip and the controls (the felt tables' kit)
  const kit = createTableKit<TSpot>({
    prefix: 'rl',
    t,
    chips: CHIPS,
    chip: STAKES.baccaratDefault,
    chipArt: (value) => chipArt(value),
    maxOf: (spot) => ROULETTE_LIMITS[spot.type].max,
    maxTotal: ROULETTE_MAX_TOTAL,
    typeName: (spot) => t(spot.type),
    doubleLabel: t('double'),
    action: { label: t('spin'), id: 'spin', onclick: () => void play() },
    outcomeClasses: ['is-number'],
  });
  const hint = kit.hint;

  // ---- the board
  const makeSpot = (spot: TSpot, className: string, content: (Node | string)[], style = '') => {
    const pays = `${roulettePaysToOne(spot.type)} : 1`;
    return kit.spotButton(spot, { class: className, style, label: t('spotLabel', { bet: spotName(t, spot), pays }), title: `${spotName(t, spot)} · ${pays}` }, ...content);
  };

  const numberCells = numberSpots().map((spot) => {
    const n = (spot.selection as number[])[0] as number;
    const colour = colourOf(n);
    if (n === 0) return makeSpot(spot, 'rl-num rl-zero rl-green', [h('span', { class: 'rl-num-label' }, '0')], 'grid-column: 1; grid-row: 1 / 4');
    const { column, row } = cellOf(n);
    return makeSpot(spot, `rl-num rl-${colour}`, [h('span', { class: 'rl-num-label' }, String(n))], `grid-column: ${column + 1}; grid-row: ${row + 1}`);
  });
  const overlay = h('div', { class: 'rl-lines' }, ...hotSpots().map((spot) =>
    makeSpot(spot, `rl-hot rl-hot-${spot.type}`, [], `left: ${(spot.x * 100).toFixed(3)}%; top: ${(spot.y * 100).toFixed(3)}%`)));
  const outside = outsideSpots().map((spot) => {
    if (spot.type === 'column') {
      const row = spot.selection === 3 ? 1 : spot.selection === 2 ? 2 : 3;
      return makeSpot(spot, 'rl-out rl-col', [h('span', {}, t('twoToOne'))], `grid-column: 14; grid-row: ${row}`);
    }
    if (spot.type === 'dozen') {
      const d = spot.selection as number;
      return makeSpot(spot, 'rl-out rl-dozen', [h('span', {}, t(`dozen${d as 1 | 2 | 3}`))], `grid-column: ${2 + (d - 1) * 4} / span 4; grid-row: 4`);
    }
    const i = ['low', 'even', 'red', 'black', 'odd', 'high'].indexOf(spot.type);
    const content = spot.type === 'red' || spot.type === 'black'
      ? [h('span', { class: `rl-diamond rl-diamond-${spot.type}`, 'aria-hidden': 'true' }), h('span', { class: 'rl-sr' }, t(spot.type))]
      : [h('span', {}, t(spot.type))];
    return makeSpot(spot, `rl-out rl-even-money rl-${spot.type}-spot`, content, `grid-column: ${2 + i * 2} / span 2; grid-row: 5`);
  });
  const board = h('div', { class: 'rl-board', role: 'group', 'aria-label': t('board'), 'data-testid': 'rl-board' }, ...numberCells, overlay, ...outside);

  // ---- the wheel and the result
  const wheelTurn = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  wheelTurn.setAttribute('class', 'rl-wheel-turn');
  wheelTurn.innerHTML = wheelArt();
  const ballTurn = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  ballTurn.setAttribute('class', 'rl-ball-turn');
  ballTurn.innerHTML = BALL;
  ballTurn.style.opacity = '0';
  const wheel = svg('-100 -100 200 200', WHEEL_FRAME, 'rl-wheel');
  wheel.append(wheelTurn, ballTurn);
  wheel.insertAdjacentHTML('beforeend', POINTER);
  wheel.setAttribute('role', 'img');
  wheel.setAttribute('aria-label', t('wheel'));
  wheel.removeAttribute('aria-hidden');

  const resultNumber = h('strong', { class: 'rl-result-number hg-num', 'data-testid': 'rl-result' }, '–');
  const resultBox = h('div', { class: 'rl-result', 'aria-live': 'polite' }, h('span', { class: 'rl-result-label tk-result-label' }, t('result')), resultNumber);

  // ---- history road and statistics
  const roadList = h('div', { class: 'rl-road', 'data-testid': 'rl-road' }, h('p', { class: 'hg-muted rl-road-empty' }, t('noResults')));
  const stats = h('div', { class: 'rl-stats', 'data-testid': 'rl-stats' });
  const roadTitle = h('h3', { class: 'rl-box-title tk-box-title' }, t('lastResults', { n: ROAD_SIZE }));

  function renderRoad() {
    if (road.length === 0) return;
    roadList.replaceChildren(...road.map((n, i) => h('span', { class: `rl-bead rl-${colourOf(n)}${i === 0 ? ' is-latest' : ''}`, title: colourName(n) }, String(n))));
    const count = (pick: (n: number) => boolean) => road.filter(pick).length;
    const red = count((n) => colourOf(n) === 'red');
    const black = count((n) => colourOf(n) === 'black');
    const zero = count((n) => n === 0);
    const odd = count((n) => n % 2 === 1);
    const even = count((n) => n !== 0 && n % 2 === 0);
    const bar = (a: number, b: number, classA: string, classB: string) => {
      const total = Math.max(1, a + b + zero);
      return h('div', { class: 'rl-meter' },
        h('span', { class: classA, style: `width: ${(a / total) * 100}%` }, String(a)),
        h('span', { class: 'rl-green', style: `width: ${(zero / total) * 100}%` }, zero > 0 ? String(zero) : ''),
        h('span', { class: classB, style: `width: ${(b / total) * 100}%` }, String(b)));
    };
    const { hot, cold } = hotAndCold(road);
    const balls = (list: number[]) => h('span', { class: 'rl-balls' }, ...list.map((n) => h('span', { class: `rl-bead rl-${colourOf(n)}` }, String(n))));
    stats.replaceChildren(
      h('div', { class: 'rl-stat-row' }, h('span', {}, t('redBlack')), bar(red, black, 'rl-red', 'rl-black')),
      h('div', { class: 'rl-stat-row' }, h('span', {}, t('oddEven')), bar(odd, even, 'rl-odd', 'rl-even')),
      h('div', { class: 'rl-stat-row rl-hot-cold' }, h('span', {}, t('hot')), balls(hot), h('span', {}, t('cold')), balls(cold)),
    );
  }

  // ---- limits and rules
  const insideMax = ROULETTE_LIMITS.straight.max;
  const limits = h('div', { class: 'rl-limits tk-limits', 'data-testid': 'rl-limits' },
    h('strong', {}, t('limits')),
    h('span', {}, t('limitsLine', { min: money(ROULETTE_LIMITS.red.min), max: money(ROULETTE_LIMITS.red.max), total: money(ROULETTE_MAX_TOTAL) })),
    h('span', {}, t('limitsInside', { max: money(insideMax) })),
  );
  const rulesButton = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'rl-rules', onclick: () => showRules() }, t('rules'));

  async function animate(n: number) {
    const quick = reducedMotion();
    // The wheel turns clockwise five times and stops with the pocket at the top; the ball runs four turns the
    // other way and comes to rest there. Reduced motion: both are simply where they end.
    const target = ((pocketAngle(n) % 360) + 360) % 360;
    turned = turned - (turned % 360) + (quick ? 0 : 5 * 360) + target;
    ballTurn.style.transition = 'none';
    ballTurn.style.transform = 'rotate(0deg)';
    ballTurn.style.opacity = '1';
    void ballTurn.getBoundingClientRect();
    const easing = `${SPIN_MS}ms cubic-bezier(0.15, 0.6, 0.1, 1)`;
    wheelTurn.style.transition = quick ? 'none' : `transform ${easing}`;
    ballTurn.style.transition = quick ? 'none' : `transform ${easing}`;
    wheelTurn.style.transform = `rotate(${turned}deg)`;
    ballTurn.style.transform = quick ? 'rotate(0deg)' : 'rotate(-1440deg)';
    if (!quick) await sleep(SPIN_MS);
  }

  function showOutcome(detail: RouletteDetail) {
    const n = detail.number;
    resultNumber.textContent = String(n);
    resultBox.className = `rl-result rl-result-${detail.colour}`;
    kit.buttonOf(spotKey('straight', [n]))?.classList.add('is-number');
    for (const b of detail.bets) {
      const key = spotKey(b.type, b.selection);
      kit.buttonOf(key)?.classList.add(b.win ? 'is-win' : 'is-lose');
    }
    road.unshift(n);
    if (road.length > ROAD_SIZE) road.pop();
    renderRoad();
  }

  async function play() {
    const placed = kit.start();
    if (!placed) return;
    const input: { bets: TRouletteBet[] } = {
      bets: placed.map(({ spot, amount }) => ({ type: spot.type, amount, ...(spot.selection === null ? {} : { selection: spot.selection }) })),
    };
    hint.textContent = t('hintNoMore');
    try {
      const round = await ctx.play<RouletteDetail>(input);
      if (!round) {
        hint.textContent = t('hintRefused');
        return;
      }
      kit.remember(placed);
      ctx.showStakeTaken(round);
      hint.textContent = t('spinning');
      resultNumber.textContent = '…';
      await animate(round.detail.number);
      showOutcome(round.detail);
      kit.settled(placed);
      hint.textContent = round.payout > 0 ? t('hintWin', { paid: money(round.payout), staked: money(round.stake) }) : t('hintLose');
      const colour = colourName(round.detail.number);
      ctx.settle(round, round.payout > 0 ? t('summaryWin', { n: round.detail.number, colour, paid: money(round.payout) }) : t('summaryLose', { n: round.detail.number, colour }));
    } finally {
      kit.finish();
    }
  }

  function showRules() {
    const row = (type: TRouletteBetType) => h('tr', {},
      h('td', {}, t(type)),
      h('td', { class: 'hg-num' }, `${roulettePaysToOne(type)} : 1`),
      h('td', { class: 'hg-num' }, `${money(ROULETTE_LIMITS[type].min)} – ${money(ROULETTE_LIMITS[type].max)}`),
      h('td', { class: 'hg-num' }, percent(rouletteRtp(type).value)));
    ctx.showInfo(t('rules'), h('div', { class: 'rl-rules tk-rules', 'data-testid': 'rl-rules-body' },
      h('p', {}, t('rulesIntro')),
      h('p', { class: 'rl-rtp tk-rtp', 'data-testid': 'rl-rtp' }, t('rtpLine', { rtp: percent(rtp) })),
      h('table', { class: 'rl-rules-table tk-rules-table' },
        h('thead', {}, h('tr', {}, h('th', {}, t('colBet')), h('th', {}, t('colPays')), h('th', {}, t('colLimit')), h('th', {}, t('colRtp')))),
        h('tbody', {}, ...ROULETTE_BET_TYPES.map(row))),
      h('p', { class: 'hg-muted' }, t('rulesZero')),
      h('p', { class: 'hg-muted' }, t('limitsLine', { min: money(ROULETTE_LIMITS.red.min), max: money(ROULETTE_LIMITS.red.max), total: money(ROULETTE_MAX_TOTAL) })),
    ));
  }

  kit.render();
  ctx.stage.append(
    h('div', { class: 'rl-room' },
      h('div', { class: 'rl-top' },
        h('div', { class: 'rl-wheel-box' }, wheel, resultBox),
        h('div', { class: 'rl-info tk-info' },
          h('div', { class: 'rl-title tk-title' }, h('span', {}, t('title')), h('small', {}, t('tagline', { rtp: percent(rtp) }))),
          h('div', { class: 'rl-road-box tk-road-box' }, roadTitle, roadList, stats),
          h('div', { class: 'rl-info-foot tk-info-foot' }, limits, rulesButton),
        ),
      ),
      h('div', { class: 'rl-felt' }, board),
      hint,
      kit.bar,
    ),
  );
}
