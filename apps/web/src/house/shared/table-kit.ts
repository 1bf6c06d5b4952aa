/**
 * The betting kit of the felt tables (roulette, sic bo): the chip rack, the bet slip (spots with their chip stacks,
 * the table limits, undo / clear / rebet / double) and the control bar with the table's action button. Each page
 * keeps its own board, art, words and prefix (`rl`, `sb`): the kit writes the page's class names and test ids
 * (`<prefix>-chip-<value>`, `<prefix>-spot-<key>`, `<prefix>-undo` …) next to its own `tk-*` classes, which
 * `table-kit.css` dresses.
 */
import { h, svg } from './dom.ts';
import { money } from './money.ts';
import './table-kit.css';

/** The words the kit prints, each page's own (the same keys in every felt table's dictionaries). */
export type TTableKitKey = 'undo' | 'clear' | 'rebet' | 'chip' | 'chips' | 'totalBet' | 'hintPlace' | 'betsPlaced' | 'overMax' | 'overTotal';

export interface TKitSpot<TType extends string = string> {
  key: string;
  type: TType;
}

interface TBet<TSpot> {
  spot: TSpot;
  amount: number;
}

export interface TTableKitOptions<TSpot extends TKitSpot> {
  /** The page's class and test id prefix: `rl`, `sb`. */
  prefix: string;
  t: (key: TTableKitKey, vars?: Record<string, string | number>) => string;
  chips: readonly number[];
  chip: number;
  /** A chip's face (viewBox 0 0 48 48) for a value; stacks show their total. */
  chipArt: (value: number) => string;
  /** The table's limits: a spot's most and the round's most. */
  maxOf: (spot: TSpot) => number;
  maxTotal: number;
  /** A bet type's name in the message of a spot over its limit. */
  typeName: (spot: TSpot) => string;
  /** The "double" control's words and the action button's (Spin, Roll) with its class and test id suffix. */
  doubleLabel: string;
  action: { label: string; id: string; onclick: () => void };
  /** Extra outcome classes the page puts on spots (removed with is-win / is-lose when a new bet comes). */
  outcomeClasses?: readonly string[];
}

export interface TTableKit<TSpot extends TKitSpot> {
  /** The spot button: the page's classes and content, then the chip stack. */
  spotButton: (spot: TSpot, attrs: { class: string; label: string; title: string; style?: string }, ...content: (Node | string | null)[]) => HTMLButtonElement;
  buttonOf: (key: string) => HTMLButtonElement | undefined;
  hint: HTMLParagraphElement;
  bar: HTMLDivElement;
  busy: () => boolean;
  /** Starts a round: the controls lock, the last outcome goes; answers the bets placed (copies) or null with none. */
  start: () => TBet<TSpot>[] | null;
  /** The server took the stake: these bets are the ones Rebet places again. */
  remember: (placed: TBet<TSpot>[]) => void;
  /** The round settled: its bets stay on the felt until the next bet, the slip is empty. */
  settled: (placed: TBet<TSpot>[]) => void;
  /** The round is over (settled or refused): the controls unlock. */
  finish: () => void;
  render: () => void;
}

/** The chip rack and bet slip of a felt table; see the file's comment. */
export function createTableKit<TSpot extends TKitSpot>(o: TTableKitOptions<TSpot>): TTableKit<TSpot> {
  const { prefix: p, t } = o;
  const bets = new Map<string, TBet<TSpot>>();
  const undoStack: Map<string, TBet<TSpot>>[] = [];
  let lastRound: TBet<TSpot>[] = [];
  let chip = o.chip;
  let busy = false;
  /** The settled round's bets, left on the felt (won or lost) until the next bet is placed. */
  let ghost: Map<string, TBet<TSpot>> | null = null;
  const buttons = new Map<string, { button: HTMLButtonElement; stack: HTMLElement; spot: TSpot }>();

  const chipButtons = o.chips.map((value) =>
    h('button', { type: 'button', class: `${p}-chip tk-chip`, 'data-testid': `${p}-chip-${value}`, 'aria-label': t('chip', { value: money(value) }), 'aria-pressed': 'false', onclick: () => selectChip(value) }, svg('0 0 48 48', o.chipArt(value))),
  );
  const totalBet = h('strong', { class: 'hg-num', 'data-testid': `${p}-total-bet` });
  const control = (id: string, label: string, onclick: () => void) => h('button', { type: 'button', class: 'hg-btn', 'data-testid': `${p}-${id}`, onclick }, label);
  const undo = control('undo', t('undo'), () => undoLast());
  const clear = control('clear', t('clear'), () => change(() => bets.clear()));
  const rebet = control('rebet', t('rebet'), () => rebetLast());
  const double = control('double', o.doubleLabel, () => change(() => bets.forEach((b) => (b.amount *= 2))));
  const action = h('button', { type: 'button', class: `hg-btn hg-btn-primary ${p}-${o.action.id} tk-action`, 'data-testid': `${p}-${o.action.id}`, onclick: o.action.onclick }, o.action.label);
  const hint = h('p', { class: `${p}-hint tk-hint`, 'data-testid': `${p}-hint`, 'aria-live': 'polite' }, t('hintPlace'));
  const bar = h('div', { class: `${p}-bar tk-bar` },
    h('div', { class: `${p}-chips tk-chips`, role: 'group', 'aria-label': t('chips') }, ...chipButtons),
    h('div', { class: `${p}-bar-total tk-bar-total` }, h('span', {}, t('totalBet')), totalBet),
    h('div', { class: `${p}-actions tk-actions` }, undo, clear, rebet, double),
    action,
  );

  function selectChip(value: number) {
    chip = value;
    chipButtons.forEach((b, i) => {
      b.classList.toggle('is-selected', o.chips[i] === value);
      b.setAttribute('aria-pressed', String(o.chips[i] === value));
    });
  }

  const total = () => [...bets.values()].reduce((s, b) => s + b.amount, 0);
  const snapshot = () => new Map([...bets].map(([k, v]) => [k, { ...v }]));
  const restore = (from: Map<string, TBet<TSpot>>) => {
    bets.clear();
    from.forEach((v, k) => bets.set(k, v));
  };

  /** Applies a change of the bets when it keeps every limit; otherwise says which and leaves the bets. */
  function change(mutate: () => void): boolean {
    if (busy) return false;
    const before = snapshot();
    mutate();
    const over = [...bets.values()].find(({ spot, amount }) => amount > o.maxOf(spot));
    if (over) {
      restore(before);
      hint.textContent = t('overMax', { bet: o.typeName(over.spot), max: money(o.maxOf(over.spot)) });
      return false;
    }
    if (total() > o.maxTotal) {
      restore(before);
      hint.textContent = t('overTotal', { max: money(o.maxTotal) });
      return false;
    }
    undoStack.push(before);
    if (undoStack.length > 100) undoStack.shift();
    clearOutcome();
    hint.textContent = bets.size === 0 ? t('hintPlace') : t('betsPlaced', { n: bets.size });
    render();
    return true;
  }

  function place(spot: TSpot) {
    change(() => bets.set(spot.key, { spot, amount: (bets.get(spot.key)?.amount ?? 0) + chip }));
  }

  function undoLast() {
    if (busy) return;
    const previous = undoStack.pop();
    if (!previous) return;
    restore(previous);
    clearOutcome();
    render();
  }

  function rebetLast() {
    if (lastRound.length > 0) change(() => restore(new Map(lastRound.map((b) => [b.spot.key, { ...b }]))));
  }

  function clearOutcome() {
    ghost = null;
    for (const { button } of buttons.values()) button.classList.remove('is-win', 'is-lose', ...(o.outcomeClasses ?? []));
  }

  function render() {
    for (const { stack, spot, button } of buttons.values()) {
      const amount = (bets.size === 0 && ghost ? ghost : bets).get(spot.key)?.amount ?? 0;
      stack.replaceChildren(...(amount > 0 ? [svg('0 0 48 48', o.chipArt(amount), `${p}-stack-chip tk-stack-chip`)] : []));
      button.classList.toggle('has-bet', amount > 0);
      button.disabled = busy;
    }
    const sum = total();
    totalBet.textContent = money(sum);
    action.disabled = busy || sum === 0;
    clear.disabled = busy || sum === 0;
    double.disabled = busy || sum === 0;
    undo.disabled = busy || undoStack.length === 0;
    rebet.disabled = busy || lastRound.length === 0;
    chipButtons.forEach((b) => (b.disabled = busy));
  }

  selectChip(chip);
  return {
    spotButton: (spot, attrs, ...content) => {
      const stack = h('span', { class: `${p}-stack tk-stack` });
      const button = h('button', {
        type: 'button',
        class: `${p}-spot tk-spot ${attrs.class}`,
        style: attrs.style,
        'data-testid': `${p}-spot-${spot.key}`,
        'aria-label': attrs.label,
        title: attrs.title,
        onclick: () => place(spot),
      }, ...content, stack);
      buttons.set(spot.key, { button, stack, spot });
      return button;
    },
    buttonOf: (key) => buttons.get(key)?.button,
    hint,
    bar,
    busy: () => busy,
    start: () => {
      if (busy || bets.size === 0) return null;
      const placed = [...bets.values()].map((b) => ({ ...b }));
      busy = true;
      clearOutcome();
      render();
      return placed;
    },
    remember: (placed) => {
      lastRound = placed;
    },
    settled: (placed) => {
      ghost = new Map(placed.map((b) => [b.spot.key, b]));
      bets.clear();
      undoStack.length = 0;
    },
    finish: () => {
      busy = false;
      render();
    },
    render,
  };
}
