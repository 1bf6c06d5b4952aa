import { BAUCUA_ANIMALS, BAUCUA_LIMITS, BAUCUA_RTP, bauCuaGame, type BauCuaDetail, type TBauCuaAnimal } from '@playhall/contract/house-rules/baucua';
import { titleOfEngine } from '@playhall/contract/house-rules/catalog';
import { h, svg } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { formatRtp } from '../shared/shell-text.ts';
import { localeTag } from '../shared/text.ts';
import { mountBetTable } from '../xocdia/bet-table.ts';
import { tableText } from '../xocdia/table-text.ts';
import { ANIMAL_ART } from './baucua-art.ts';
import { bauCuaText } from './baucua-text.ts';

type TResult = Omit<BauCuaDetail, 'bets'>;

/** Bầu cua tôm cá: three dice showing animals, the six-animal board, the history of throws. */
export function mountBauCua(ctx: TGameContext): void {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const lang = params.get('lang') ?? 'EN';
  const b = bauCuaText();
  const t = tableText();
  const locale = localeTag(lang);
  document.title = params.has('room') ? b('roomTitle') : b('title');

  const dieEls = [0, 1, 2].map((i) => h('div', { class: 'bc-die', 'data-testid': `bc-die-${i}` }, svg('0 0 64 64', ANIMAL_ART[BAUCUA_ANIMALS[i * 2] as TBauCuaAnimal])));
  const status = h('div', { class: 'bc-status', 'data-testid': 'bc-result', 'aria-live': 'polite' });
  const stage = h('div', { class: 'bc-stage' }, h('div', { class: 'bc-plate' }, ...dieEls), status);
  const summary = (r: TResult) => r.dice.map((d) => b(d)).join(' · ');
  let spin = 0;

  mountBetTable<TBauCuaAnimal, BauCuaDetail>(ctx, {
    game: bauCuaGame,
    className: 'baucua',
    spots: BAUCUA_ANIMALS.map((a) => ({ key: a, label: b(a), pays: '1 : 1 · 2 : 1 · 3 : 1', art: ANIMAL_ART[a] })),
    limits: BAUCUA_LIMITS,
    stage,
    info: () =>
      h('div', { class: 'vt-info' },
        h('p', {}, b('rules')),
        h('p', { 'data-testid': 'vt-rtp' }, t('rtp', { rtp: formatRtp(titleOfEngine('HOUSE_BAUCUA')?.rtp ?? BAUCUA_RTP.value, locale) })),
        h('p', { class: 'hg-num' }, '199 / 216'),
        h('p', {}, t('limits', { min: money(BAUCUA_LIMITS.min), max: money(BAUCUA_LIMITS.max) })),
      ),
    shake(quick) {
      status.textContent = b('roll');
      if (quick) return;
      dieEls.forEach((d) => d.classList.add('is-rolling'));
      window.clearInterval(spin);
      let n = 0;
      spin = window.setInterval(() => {
        n += 1;
        dieEls.forEach((d, i) => d.replaceChildren(svg('0 0 64 64', ANIMAL_ART[BAUCUA_ANIMALS[(n + i * 2) % 6] as TBauCuaAnimal])));
      }, 110);
    },
    stopShake() {
      window.clearInterval(spin);
      dieEls.forEach((d) => d.classList.remove('is-rolling'));
      status.textContent = '';
    },
    async reveal(r, quick) {
      if (!quick) await new Promise((resolve) => setTimeout(resolve, 900));
      window.clearInterval(spin);
      dieEls.forEach((d, i) => {
        const animal = r.dice[i] as TBauCuaAnimal;
        d.classList.remove('is-rolling');
        d.dataset.animal = animal;
        d.setAttribute('aria-label', b(animal));
        d.replaceChildren(svg('0 0 64 64', ANIMAL_ART[animal]));
      });
      status.textContent = summary(r);
    },
    bead: (r) => h('span', { class: 'bc-bead', title: summary(r) }, ...r.dice.map((d) => svg('0 0 64 64', ANIMAL_ART[d], 'bc-bead-art'))),
    summary,
    wins: (r, animal) => r.dice.includes(animal),
  });
}
