import type { TBlackjackView } from '@playhall/contract/house-rules/blackjack';
import { h } from '../shared/dom.ts';
import type { TTranslator } from '../shared/text.ts';
import type { TBjKey } from './bj-text.ts';

/**
 * The blackjack table's results road: a bead plate of the member's finished rounds in this session, six to a column,
 * newest last, drawn from the rounds the page played (nothing is stored for it, as the card tables' roads).
 */
export type TBjRoadMark = 'blackjack' | 'win' | 'push' | 'lose';

/** A finished round's bead: a natural paid 3:2 is blackjack; otherwise the round's net over all its hands. */
export function roadMark(view: Pick<TBlackjackView, 'hands' | 'staked' | 'payout'>): TBjRoadMark {
  if (view.hands.some((hand) => hand.result === 'blackjack')) return 'blackjack';
  const net = view.payout - view.staked;
  return net > 0 ? 'win' : net === 0 ? 'push' : 'lose';
}

const ROWS = 6;
/** Ten columns show; older rounds scroll off, as on a paper scoreboard. */
const COLUMNS = 10;
const SHOWN = ROWS * COLUMNS;

const MARK_KEY: Record<TBjRoadMark, TBjKey> = { blackjack: 'markBlackjack', win: 'markWin', push: 'markPush', lose: 'markLose' };
const WORD_KEY: Record<TBjRoadMark, TBjKey> = { blackjack: 'blackjack', win: 'win', push: 'push', lose: 'lose' };

export function createBjRoad(t: TTranslator<TBjKey>) {
  const beads: { n: number; mark: TBjRoadMark }[] = [];
  const list = h('ol', { class: 'bj-road', role: 'list', 'aria-label': t('road'), 'data-testid': 'bj-road', style: `--bj-road-rows:${ROWS};--bj-road-cols:${COLUMNS}` });
  const empty = h('p', { class: 'bj-road-empty hg-muted' }, t('roadEmpty'));
  const panel = h('section', { class: 'hg-panel bj-road-panel', 'data-testid': 'bj-road-panel' }, h('h3', { class: 'hg-panel-title' }, t('road')), list, empty);
  return {
    panel,
    add(mark: TBjRoadMark) {
      beads.push({ n: beads.length + 1, mark });
      // Whole columns scroll off, so a bead keeps its row.
      const first = Math.max(0, Math.ceil((beads.length - SHOWN) / ROWS) * ROWS);
      list.replaceChildren(...beads.slice(first).map(({ n, mark: m }) => {
        const label = t('roadRound', { n, result: t(WORD_KEY[m]) });
        return h('li', { class: `bj-bead is-${m}`, 'data-mark': m, 'aria-label': label, title: label }, t(MARK_KEY[m]));
      }));
      empty.hidden = true;
    },
  };
}
