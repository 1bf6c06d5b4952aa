import { h } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import { symbolName, type slotText } from './slot-text.ts';
import type { TSlotTitle } from './slot-titles.ts';

type T = ReturnType<typeof slotText>;

const pays = (list: [number, number][]) => [...list].reverse().map(([count, pay]) => `${count}× ${pay}`).join(' · ');

/** The paytable and rules dialog: every symbol's pays, the lines or ways, the features, the bet limits, the volatility (the shell adds the published RTP). */
export function paytable(title: TSlotTitle, t: T, bet: number, icon: (id: string) => SVGSVGElement): HTMLElement {
  const { view } = title;
  const rows = view.symbols.map((s) => {
    let text = pays(s.pays);
    if (s.kind === 'scatter') text = view.scatterPays.length ? `${pays(view.scatterPays)} ${t('unitTotal')}` : view.freeSpins ? view.freeSpins.award.map(([count, n]) => t('spinsFor', { count, n })).join(' · ') : '';
    if (s.kind === 'bonus') text = (view.bonus?.picks ?? []).map(([count, n]) => t('picks', { count, n })).join(' · ');
    if (s.kind === 'wild' && !text) text = t('ruleWild');
    return h('li', { 'data-kind': s.kind }, icon(s.id), h('div', {}, h('strong', {}, symbolName(t, s.id)), h('span', { class: 'hg-num' }, text)));
  });
  const list = (xs: number[]) => xs.map((x) => `×${x}`).join(', ');
  const rules = [
    view.lines ? t('unitLine', { bet: money(bet / view.coins) }) : t('unitWays', { coins: view.coins, bet: money(bet / view.coins) }),
    view.lines ? t('ruleLines', { n: view.lines.length }) : t('ruleWays', { n: (view.ways ?? 0).toLocaleString('en-US') }),
    view.symbols.some((s) => s.kind === 'wild') ? t('ruleWild') : null,
    view.scatterPays.length ? t('ruleScatter', { list: view.scatterPays.map(([c, p]) => `${c} → ${p}`).join(', ') }) : null,
    view.freeSpins ? t('ruleFree', { list: view.freeSpins.award.map(([count, n]) => t('spinsFor', { count, n })).join(', ') }) : null,
    view.freeSpins && view.freeSpins.multiplier > 1 ? t('ruleFreeMult', { m: view.freeSpins.multiplier }) : null,
    view.freeSpins?.retrigger ? t('ruleRetrigger', { max: view.freeSpins.max }) : null,
    view.freeSpins?.wildMultipliers.length ? t('ruleWildMult', { list: list(view.freeSpins.wildMultipliers) }) : null,
    view.bonus ? t('ruleBonus', { list: view.bonus.picks.map(([count, n]) => t('picks', { count, n })).join(', '), tiles: view.bonus.tiles, prizes: [...new Set(view.bonus.prizes)].sort((a, b) => a - b).join(', ') }) : null,
    view.cascade ? t('ruleCascade', { list: list(view.cascade.multipliers) }) : null,
    view.cascade?.keep && view.freeSpins ? t('ruleCascadeKeep') : null,
    t('ruleMax', { x: view.maxWin.toLocaleString('en-US') }),
    t('ruleLimits', { min: money(view.steps[0] ?? 0), max: money(view.steps[view.steps.length - 1] ?? 0) }),
  ].filter((x): x is string => !!x);
  return h('div', { class: 'slot-paytable', 'data-testid': 'slot-paytable-body' },
    h('ul', {}, ...rows),
    ...rules.map((r) => h('p', { class: 'hg-muted' }, r)),
    // The published RTP follows in the shell's own line under every info dialog (titleOfHouseGame … rtp).
    h('p', { class: 'slot-volatility', 'data-testid': 'slot-volatility' }, t('volatility', { v: t(`vol.${view.volatility}` as Parameters<T>[0]) })),
    h('p', { class: 'hg-muted' }, t('keys')),
  );
}
