import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import {
  SICBO_BET_TYPES, SICBO_LIMITS, SICBO_MAX_TOTAL, SICBO_PAYS, SICBO_TOTAL_PAYS, sicboRtp, sicboSelections, type SicboDetail, type TSicboBet, type TSicboBetType,
} from '@playhall/contract/house-rules/sicbo';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { chipFace } from '../shared/chip-art.ts';
import { createTableKit } from '../shared/table-kit.ts';
import type { TTranslator } from '../shared/text.ts';
import { dieFace } from './sicbo-art.ts';
import { sicboText, type TSicboKey } from './sicbo-text.ts';

const ROAD_SIZE = 48;
const ROLL_MS = 1300;
const CHIPS: readonly number[] = STAKES.baccaratChips;

type TSelection = number | number[] | null;
interface TSpot {
  key: string;
  type: TSicboBetType;
  selection: TSelection;
}

export const sicboSpotKey = (type: TSicboBetType, selection: TSelection): string =>
  selection === null ? type : `${type}:${Array.isArray(selection) ? selection.join('-') : selection}`;

/** "x : 1" as the table prints it. */
export function paysOf(type: TSicboBetType, selection: TSelection): string {
  if (type === 'single') return '1 – 3 : 1';
  if (type === 'total') return `${SICBO_TOTAL_PAYS[selection as number] ?? 0} : 1`;
  return `${SICBO_PAYS[type]} : 1`;
}

const percent = (value: number) => `${(value * 100).toFixed(2)} %`;

/** The sic bo table: dice tray, result, road, the traditional board, chips and controls. */
export function mountSicbo(ctx: TGameContext): void {
  const t: TTranslator<TSicboKey> = sicboText();
  const rtp = titleOfEngine('HOUSE_SICBO')?.rtp ?? 210 / 216;
  const road: SicboDetail[] = [];

  const nameOf = (type: TSicboBetType, selection: TSelection): string => {
    if (selection === null) return t(type);
    return `${t(type)} ${Array.isArray(selection) ? selection.join('-') : selection}`;
  };
  const dice = (faces: number[], className = 'sb-mini-die') => h('span', { class: 'sb-dice-row', 'aria-hidden': 'true' }, ...faces.map((f) => svg('0 0 60 60', dieFace(f), className)));

  // ---- chips, the bet slip and the controls (the felt tables' kit)
  const kit = createTableKit<TSpot>({
    prefix: 'sb',
    t,
    chips: CHIPS,
    chip: STAKES.baccaratDefault,
    chipArt: (value) => chipFace(value, 'felt'),
    maxOf: (s) => SICBO_LIMITS[s.type].max,
    maxTotal: SICBO_MAX_TOTAL,
    typeName: (s) => t(s.type),
    doubleLabel: t('doubleBets'),
    action: { label: t('roll'), id: 'roll', onclick: () => void play() },
  });
  const hint = kit.hint;

  // ---- the board
  const spot = (type: TSicboBetType, selection: TSelection, className: string, ...content: (Node | string | null)[]) => {
    const key = sicboSpotKey(type, selection);
    const pays = paysOf(type, selection);
    return kit.spotButton({ key, type, selection }, { class: className, label: t('spotLabel', { bet: nameOf(type, selection), pays }), title: `${nameOf(type, selection)} · ${pays}` }, ...content);
  };
  const paysTag = (text: string) => h('span', { class: 'sb-pays hg-num' }, text);

  const sizeSpot = (type: 'small' | 'big' | 'odd' | 'even') =>
    spot(type, null, `sb-size sb-${type}`,
      h('strong', { class: 'sb-size-name' }, t(type)),
      type === 'small' || type === 'big' ? h('span', { class: 'sb-range hg-num' }, t(type === 'small' ? 'smallRange' : 'bigRange')) : null,
      paysTag('1 : 1'),
      h('span', { class: 'sb-note' }, t('losesOnTriple')));
  const faces = [1, 2, 3, 4, 5, 6];
  const top = h('div', { class: 'sb-row sb-top' },
    sizeSpot('small'),
    sizeSpot('odd'),
    h('div', { class: 'sb-triples' },
      h('div', { class: 'sb-group-title' }, t('doublesTitle'), ' ', paysTag('10 : 1')),
      h('div', { class: 'sb-doubles-grid' }, ...faces.map((f) => spot('double', f, 'sb-double', dice([f, f])))),
      spot('anyTriple', null, 'sb-any-triple', h('strong', {}, t('anyTriple')), paysTag('30 : 1')),
      h('div', { class: 'sb-group-title' }, t('triplesTitle'), ' ', paysTag('180 : 1')),
      h('div', { class: 'sb-doubles-grid' }, ...faces.map((f) => spot('triple', f, 'sb-triple', dice([f, f, f])))),
    ),
    sizeSpot('even'),
    sizeSpot('big'),
  );
  const totals = h('div', { class: 'sb-section' },
    h('div', { class: 'sb-group-title' }, t('totalsTitle')),
    h('div', { class: 'sb-row sb-totals' }, ...Array.from({ length: 14 }, (_, i) => i + 4).map((n) =>
      spot('total', n, 'sb-total', h('strong', { class: 'sb-total-n hg-num' }, String(n)), paysTag(`${SICBO_TOTAL_PAYS[n]} : 1`)))),
  );
  const combos = h('div', { class: 'sb-section' },
    h('div', { class: 'sb-group-title' }, t('combosTitle'), ' ', paysTag('5 : 1')),
    h('div', { class: 'sb-row sb-combos' }, ...(sicboSelections('combo') as number[][]).map((pair) => spot('combo', pair, 'sb-combo', dice(pair, 'sb-mini-die sb-combo-die')))),
  );
  const singles = h('div', { class: 'sb-section' },
    h('div', { class: 'sb-group-title' }, t('singlesTitle'), ' ', h('span', { class: 'sb-note' }, t('singlesPays'))),
    h('div', { class: 'sb-row sb-singles' }, ...faces.map((f) => spot('single', f, 'sb-single', svg('0 0 60 60', dieFace(f), 'sb-single-die')))),
  );
  const board = h('div', { class: 'sb-board', role: 'group', 'aria-label': t('board'), 'data-testid': 'sb-board' }, top, totals, combos, singles);

  // ---- dice tray and result
  const trayDice = [1, 2, 3].map((f, i) => {
    const el = svg('0 0 60 60', dieFace(f + i), 'sb-die');
    el.setAttribute('data-testid', `sb-die-${i}`);
    return el;
  });
  const tray = h('div', { class: 'sb-tray', role: 'img', 'aria-label': t('dice'), 'data-testid': 'sb-tray' }, ...trayDice);
  const resultTotal = h('strong', { class: 'sb-result-total hg-num', 'data-testid': 'sb-result' }, '–');
  const resultSize = h('span', { class: 'sb-result-size', 'data-testid': 'sb-result-size' });
  const resultBox = h('div', { class: 'sb-result', 'aria-live': 'polite' }, h('span', { class: 'sb-result-label tk-result-label' }, t('result')), resultTotal, resultSize);

  // ---- road
  const roadList = h('div', { class: 'sb-road', 'data-testid': 'sb-road' }, h('p', { class: 'hg-muted sb-road-empty' }, t('noResults')));
  const counts = h('p', { class: 'sb-counts hg-muted', 'data-testid': 'sb-counts' });
  const sizeOf = (d: SicboDetail): 'big' | 'small' | 'triple' => (d.triple ? 'triple' : d.total >= 11 ? 'big' : 'small');
  function renderRoad() {
    if (road.length === 0) return;
    roadList.replaceChildren(...road.map((d, i) => {
      const size = sizeOf(d);
      return h('span', { class: `sb-bead sb-bead-${size}${i === 0 ? ' is-latest' : ''}`, title: `${d.dice.join(' ')} = ${d.total}` },
        h('b', {}, t(size === 'big' ? 'beadBig' : size === 'small' ? 'beadSmall' : 'beadTriple')), h('small', { class: 'hg-num' }, String(d.total)));
    }));
    const n = (size: string) => road.filter((d) => sizeOf(d) === size).length;
    counts.textContent = t('counts', { big: n('big'), small: n('small'), triple: n('triple') });
  }

  // ---- limits and rules
  const limitsLine = () => t('limitsLine', { min: money(SICBO_LIMITS.big.min), max: money(SICBO_LIMITS.big.max), total: money(SICBO_MAX_TOTAL) });
  const limits = h('div', { class: 'sb-limits tk-limits', 'data-testid': 'sb-limits' },
    h('strong', {}, t('limits')), h('span', {}, limitsLine()), h('span', {}, t('limitsTriple', { max: money(SICBO_LIMITS.triple.max) })));
  const rulesButton = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'sb-rules', onclick: () => showRules() }, t('rules'));

  const setDie = (el: SVGSVGElement, face: number) => {
    el.innerHTML = dieFace(face);
    el.setAttribute('data-face', String(face));
  };

  async function animate(detail: SicboDetail) {
    if (!reducedMotion()) {
      tray.classList.add('is-rolling');
      const started = performance.now();
      while (performance.now() - started < ROLL_MS) {
        trayDice.forEach((el) => setDie(el, 1 + Math.floor(Math.random() * 6)));
        await sleep(90);
      }
      tray.classList.remove('is-rolling');
    }
    trayDice.forEach((el, i) => setDie(el, detail.dice[i] ?? 1));
  }

  function showOutcome(detail: SicboDetail) {
    const size = sizeOf(detail);
    resultTotal.textContent = String(detail.total);
    resultSize.textContent = size === 'triple' ? t('tripleResult') : t(size);
    resultBox.className = `sb-result sb-result-${size}`;
    for (const b of detail.bets) kit.buttonOf(sicboSpotKey(b.type, b.selection))?.classList.add(b.win ? 'is-win' : 'is-lose');
    road.unshift(detail);
    if (road.length > ROAD_SIZE) road.pop();
    renderRoad();
  }

  async function play() {
    const placed = kit.start();
    if (!placed) return;
    const input: { bets: TSicboBet[] } = {
      bets: placed.map(({ spot: s, amount }) => ({ type: s.type, amount, ...(s.selection === null ? {} : { selection: s.selection }) })),
    };
    hint.textContent = t('hintNoMore');
    try {
      const round = await ctx.play<SicboDetail>(input);
      if (!round) {
        hint.textContent = t('hintRefused');
        return;
      }
      kit.remember(placed);
      ctx.showStakeTaken(round);
      hint.textContent = t('rolling');
      resultTotal.textContent = '…';
      resultSize.textContent = '';
      await animate(round.detail);
      showOutcome(round.detail);
      kit.settled(placed);
      hint.textContent = round.payout > 0 ? t('hintWin', { paid: money(round.payout), staked: money(round.stake) }) : t('hintLose');
      const vars = { dice: round.detail.dice.join(' '), total: round.detail.total, paid: money(round.payout) };
      ctx.settle(round, round.payout > 0 ? t('summaryWin', vars) : t('summaryLose', vars));
    } finally {
      kit.finish();
    }
  }

  function showRules() {
    const rows = SICBO_BET_TYPES.flatMap((type) => {
      // Totals pay by the total: one row each; every other type pays the same whatever it names.
      const selections = type === 'total' ? sicboSelections('total') : [sicboSelections(type)[0] ?? null];
      return selections.map((selection) => h('tr', {},
        h('td', {}, type === 'total' ? nameOf(type, selection) : t(type)),
        h('td', { class: 'hg-num' }, paysOf(type, selection)),
        h('td', { class: 'hg-num' }, `${money(SICBO_LIMITS[type].min)} – ${money(SICBO_LIMITS[type].max)}`),
        h('td', { class: 'hg-num' }, percent(sicboRtp(type, selection).value))));
    });
    ctx.showInfo(t('rules'), h('div', { class: 'sb-rules tk-rules', 'data-testid': 'sb-rules-body' },
      h('p', {}, t('rulesIntro')),
      h('p', { class: 'sb-rtp tk-rtp', 'data-testid': 'sb-rtp' }, t('rtpLine', { rtp: percent(rtp) })),
      h('table', { class: 'sb-rules-table tk-rules-table' },
        h('thead', {}, h('tr', {}, h('th', {}, t('colBet')), h('th', {}, t('colPays')), h('th', {}, t('colLimit')), h('th', {}, t('colRtp')))),
        h('tbody', {}, ...rows)),
      h('p', { class: 'hg-muted' }, t('rulesTriple')),
      h('p', { class: 'hg-muted' }, t('singlesPays')),
      h('p', { class: 'hg-muted' }, limitsLine()),
    ));
  }

  kit.render();
  ctx.stage.append(
    h('div', { class: 'sb-room' },
      h('div', { class: 'sb-head' },
        h('div', { class: 'sb-bowl' }, tray, resultBox),
        h('div', { class: 'sb-info tk-info' },
          h('div', { class: 'sb-title tk-title' }, h('span', {}, t('title')), h('small', {}, t('tagline', { rtp: percent(rtp) }))),
          h('div', { class: 'sb-road-box tk-road-box' }, h('h3', { class: 'sb-box-title tk-box-title' }, t('lastResults', { n: ROAD_SIZE })), roadList, counts),
          h('div', { class: 'sb-info-foot tk-info-foot' }, limits, rulesButton),
        ),
      ),
      h('div', { class: 'sb-felt' }, board),
      hint,
      kit.bar,
    ),
  );
}
