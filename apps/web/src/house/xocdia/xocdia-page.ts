import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import { XOCDIA_BETS, XOCDIA_LIMITS, XOCDIA_RETURN, xocDiaGame, xocDiaRtp, xocDiaWins, type TXocDiaBet, type XocDiaDetail } from '@playhall/contract/house-rules/xocdia';
import { h, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { formatRtp } from '../shared/shell-text.ts';
import { localeTag } from '../shared/text.ts';
import { mountBetTable } from './bet-table.ts';
import { tableText } from './table-text.ts';
import { BOWL, discMarks, DISC_SPOTS, PLATE } from './xocdia-art.ts';
import { xocDiaText } from './xocdia-text.ts';

type TResult = Omit<XocDiaDetail, 'bets'>;

/** The odds of a bet as players read them (0.96 : 1, 14.5 : 1, 2.9 : 1), from the rules' return. */
export function oddsOf(bet: TXocDiaBet, locale = 'en-GB'): string {
  const [num, den] = XOCDIA_RETURN[bet];
  return `${((num - den) / den).toLocaleString(locale, { maximumFractionDigits: 2 })} : 1`;
}

const MARKS: Record<TXocDiaBet, number | null> = { chan: null, le: null, red4: 4, white4: 0, red3: 3, white3: 1 };

/** Xóc đĩa: the plate and bowl, the six-spot board, the history road of chẵn/lẻ beads with the count of reds. */
export function mountXocDia(ctx: TGameContext): void {
  const lang = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('lang') ?? 'EN';
  const x = xocDiaText();
  const t = tableText();
  const locale = localeTag(lang);
  const isRoom = new URLSearchParams(window.location.hash.replace(/^#/, '')).has('room');
  document.title = isRoom ? x('roomTitle') : x('title');

  const discs = DISC_SPOTS.map(([cx, cy]) => `<g class="xd-disc" transform="translate(${cx} ${cy})"><ellipse rx="17" ry="11" class="xd-disc-face"/></g>`).join('');
  const plate = svg('0 0 320 190', `${PLATE}<g class="xd-discs">${discs}</g><g class="xd-bowl">${BOWL}</g>`, 'xd-plate');
  const status = h('div', { class: 'xd-status', 'data-testid': 'xd-result', 'aria-live': 'polite' });
  const stage = h('div', { class: 'xd-stage' }, plate, status);
  const bowl = plate.querySelector('.xd-bowl');
  const faces = [...plate.querySelectorAll<SVGEllipseElement>('.xd-disc-face')];

  const spots = XOCDIA_BETS.map((bet) => ({
    key: bet,
    label: x(bet),
    sub: bet === 'chan' ? x('chanSub') : bet === 'le' ? x('leSub') : undefined,
    pays: oddsOf(bet, locale),
    art: MARKS[bet] === null ? undefined : discMarks(MARKS[bet]),
  }));

  const summary = (r: TResult) => `${r.reds % 2 === 0 ? x('chan') : x('le')} · ${x('reds', { n: r.reds })}`;

  mountBetTable<TXocDiaBet, XocDiaDetail>(ctx, {
    game: xocDiaGame,
    className: 'xocdia',
    spots,
    limits: XOCDIA_LIMITS,
    stage,
    info: () =>
      h('div', { class: 'vt-info' },
        h('p', {}, x('rules')),
        h('table', { class: 'vt-paytable' },
          ...XOCDIA_BETS.map((bet) => h('tr', {}, h('th', {}, x(bet)), h('td', { class: 'hg-num' }, oddsOf(bet, locale)), h('td', { class: 'hg-num' }, formatRtp(xocDiaRtp(bet).value, locale)))),
        ),
        h('p', { 'data-testid': 'vt-rtp' }, t('rtp', { rtp: formatRtp(titleOfEngine('HOUSE_XOCDIA')?.rtp ?? 0.98, locale) })),
        h('p', {}, t('limits', { min: money(XOCDIA_LIMITS.min), max: money(XOCDIA_LIMITS.max) })),
      ),
    shake(quick) {
      status.textContent = x('shake');
      bowl?.classList.remove('is-open');
      if (!quick) plate.classList.add('is-shaking');
    },
    stopShake() {
      plate.classList.remove('is-shaking');
      status.textContent = '';
    },
    async reveal(r, quick) {
      faces.forEach((f, i) => f.setAttribute('class', `xd-disc-face ${r.discs[i] ? 'is-red' : 'is-white'}`));
      if (!quick) await new Promise((resolve) => setTimeout(resolve, 1100));
      plate.classList.remove('is-shaking');
      bowl?.classList.add('is-open');
      status.textContent = summary(r);
      status.dataset.reds = String(r.reds);
      if (!quick) await new Promise((resolve) => setTimeout(resolve, 500));
    },
    bead: (r) => h('span', { class: `xd-bead ${r.reds % 2 === 0 ? 'is-chan' : 'is-le'}`, title: summary(r) }, String(r.reds)),
    summary,
    wins: (r, bet) => xocDiaWins(bet, r.reds),
  });
}
