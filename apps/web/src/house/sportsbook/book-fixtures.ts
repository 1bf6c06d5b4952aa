import type { TBookFixture, TBookMarket, TBookMarketKind, TBookSport } from '@playhall/contract/sportsbook-api';
import { h } from '../shared/dom.ts';
import { lineText, marketName, selectionName } from './book-slip.ts';
import type { TBookContext } from './book-context.ts';

/**
 * Fixtures listed by league with the main markets in columns (football: 1X2, handicap, over/under; esports: winner,
 * map handicap, total maps) and "more markets" opening the rest (both teams to score, the correct-score grid, other
 * lines). Each price is a button: clicking it adds the selection to the slip or takes it out again.
 */

const MAIN: Record<TBookSport, readonly TBookMarketKind[]> = {
  football: ['oneXTwo', 'asianHandicap', 'overUnder'],
  esports: ['matchWinner', 'mapHandicap', 'totalMaps'],
};

/** Column headings of a main market's prices. */
function heads(kind: TBookMarketKind, ctx: TBookContext): string[] {
  const { t } = ctx;
  switch (kind) {
    case 'oneXTwo':
      return ['1', 'X', '2'];
    case 'overUnder':
    case 'totalMaps':
      return [t('sel.over'), t('sel.under')];
    default:
      return ['1', '2'];
  }
}

export interface TFixtureListOptions {
  fixtures: TBookFixture[];
  expanded: Set<number>;
  /** Re-render after a fixture's "more markets" was opened or closed. */
  onToggleMore: () => void;
}

/** The first market of a kind (the book lists its main line first). */
const firstOf = (f: TBookFixture, kind: TBookMarketKind) => f.markets.find((m) => m.kind === kind);

function priceButton(ctx: TBookContext, f: TBookFixture, m: TBookMarket, selection: string, label: string | null): HTMLElement {
  const sel = m.selections.find((s) => s.selection === selection);
  const odds = sel?.odds ?? null;
  const key = `${m.marketId}:${selection}`;
  const open = f.accepting && !m.suspended && odds !== null;
  const picked = ctx.slip.has(m.marketId, selection);
  const move = odds === null ? 0 : ctx.priceMove(key, odds);
  const name = selectionName(m.kind, m.line, selection, f, ctx.t);
  const button = h('button', {
    type: 'button',
    class: `sb-price${picked ? ' is-picked' : ''}${move > 0 ? ' is-up' : move < 0 ? ' is-down' : ''}`,
    'data-testid': 'sb-price',
    'data-key': key,
    'data-market-id': m.marketId,
    'data-kind': m.kind,
    'data-selection': selection,
    'aria-pressed': picked ? 'true' : 'false',
    'aria-label': `${f.home} – ${f.away}: ${marketName(m.kind, m.line, ctx.t)}, ${name}${odds === null ? '' : ` @ ${ctx.odds(odds)}`}`,
    disabled: !open,
    onclick: () => {
      if (odds !== null) ctx.slip.toggle({ fixture: f, market: m, selection, odds });
    },
  },
    label === null ? null : h('span', { class: 'sb-price-label' }, label),
    h('strong', { class: 'hg-num' }, odds === null ? '–' : m.suspended ? '🔒' : ctx.odds(odds)),
  );
  return button;
}

/** A main market's cell: its line (if any) over its prices. */
function mainCell(ctx: TBookContext, f: TBookFixture, kind: TBookMarketKind): HTMLElement {
  const m = firstOf(f, kind);
  if (!m) return h('div', { class: `sb-cell sb-cell-${kind} is-empty` }, '–');
  const line = kind === 'asianHandicap' || kind === 'mapHandicap' ? lineText(m.line, true) : kind === 'overUnder' || kind === 'totalMaps' ? lineText(m.line) : null;
  const order = kind === 'overUnder' || kind === 'totalMaps' ? ['over', 'under'] : kind === 'oneXTwo' ? ['home', 'draw', 'away'] : ['home', 'away'];
  return h('div', { class: `sb-cell sb-cell-${kind}` },
    line === null ? null : h('span', { class: 'sb-line hg-num', 'data-testid': 'sb-line' }, line),
    ...order.map((s) => priceButton(ctx, f, m, s, null)),
  );
}

/** The rest of a fixture's markets, opened under its row. */
function moreMarkets(ctx: TBookContext, f: TBookFixture): HTMLElement {
  const main = new Set(MAIN[f.sport].map((k) => firstOf(f, k)?.marketId));
  const rest = f.markets.filter((m) => !main.has(m.marketId));
  return h('div', { class: 'sb-more', 'data-testid': 'sb-more-markets' },
    ...rest.map((m) =>
      h('section', { class: `sb-market sb-market-${m.kind}` },
        h('h4', {}, marketName(m.kind, m.line, ctx.t), m.kind === 'asianHandicap' || m.kind === 'mapHandicap' ? ` ${lineText(m.line, true)}` : ''),
        h('div', { class: 'sb-market-prices' },
          ...m.selections.map((s) => priceButton(ctx, f, m, s.selection, m.kind === 'correctScore' ? (s.selection === 'other' ? ctx.t('sel.other') : s.selection) : selectionName(m.kind, m.line, s.selection, f, ctx.t))),
        ),
      ),
    ),
  );
}

function stateBadge(ctx: TBookContext, f: TBookFixture): HTMLElement | null {
  if (f.accepting) return null;
  const suspended = f.state === 'suspended';
  return h('span', { class: `sb-badge ${suspended ? 'is-warn' : ''}` }, suspended ? ctx.t('suspended') : ctx.t('closed'));
}

function fixtureRow(ctx: TBookContext, f: TBookFixture, opts: TFixtureListOptions): HTMLElement[] {
  const main = MAIN[f.sport];
  const mainIds = new Set(main.map((k) => firstOf(f, k)?.marketId));
  const extra = f.markets.filter((m) => !mainIds.has(m.marketId)).length;
  const open = opts.expanded.has(f.fixtureId);
  const row = h('div', { class: `sb-fixture${f.accepting ? '' : ' is-closed'}`, 'data-testid': 'sb-fixture', 'data-fixture-id': f.fixtureId, role: 'row' },
    h('div', { class: 'sb-when hg-num' }, ctx.clockTime(f.kickoffAt), stateBadge(ctx, f)),
    h('div', { class: 'sb-teams' }, h('span', {}, f.home), h('span', {}, f.away)),
    ...main.map((k) => mainCell(ctx, f, k)),
    h('div', { class: 'sb-more-cell' },
      extra > 0
        ? h('button', {
            type: 'button',
            class: 'sb-more-btn',
            'data-testid': 'sb-more',
            'data-key': `more:${f.fixtureId}`,
            'aria-expanded': open ? 'true' : 'false',
            title: open ? ctx.t('fewerMarkets') : ctx.t('moreMarkets'),
            onclick: () => {
              if (open) opts.expanded.delete(f.fixtureId);
              else opts.expanded.add(f.fixtureId);
              opts.onToggleMore();
            },
          }, `+${extra}`)
        : null,
    ),
  );
  return open ? [row, moreMarkets(ctx, f)] : [row];
}

/** Fixtures grouped by league, each group with the column heads of its sport. */
export function fixtureList(ctx: TBookContext, opts: TFixtureListOptions): HTMLElement {
  const byLeague = new Map<string, TBookFixture[]>();
  for (const f of opts.fixtures) {
    const list = byLeague.get(f.league.code) ?? [];
    list.push(f);
    byLeague.set(f.league.code, list);
  }
  return h('div', { class: 'sb-fixtures' },
    ...[...byLeague.values()].map((list) => {
      const first = list[0] as TBookFixture;
      const main = MAIN[first.sport];
      return h('section', { class: 'sb-league', 'data-testid': 'sb-league' },
        h('header', { class: 'sb-league-head', role: 'row' },
          h('h3', {}, first.league.name, first.source === 'virtual' ? h('span', { class: 'sb-badge is-brand' }, ctx.t('virtualTag')) : null),
          ...main.map((k) => h('div', { class: `sb-col-head sb-cell-${k}` }, h('span', {}, ctx.t(`mk.${k}`)), h('span', { class: 'sb-col-sels' }, ...heads(k, ctx).map((x) => h('span', {}, x))))),
          h('div', { class: 'sb-more-cell' }),
        ),
        ...list.flatMap((f) => fixtureRow(ctx, f, opts)),
      );
    }),
  );
}
