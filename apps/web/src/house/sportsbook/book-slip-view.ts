import type { TBookBet, TBookFixture, TOddsChanged } from '@playhall/contract/sportsbook-api';
import { h, svg } from '../shared/dom.ts';
import { HouseApiError } from '../shared/house-api.ts';
import { combinedOdds, marketName, parseStake, potentialPayout, selectionName } from './book-slip.ts';
import type { TBookContext, TPick, TSlipControl } from './book-context.ts';

const ACCEPT_BETTER_KEY = 'sportsbook.acceptBetter';
const SLIP_ART =
  '<rect x="22" y="8" width="56" height="74" rx="6" fill="var(--surface-2)" stroke="var(--border)" stroke-width="2"/>' +
  '<path d="M32 24h36M32 36h36M32 48h24" stroke="var(--text-muted)" stroke-width="4" stroke-linecap="round"/>' +
  '<circle cx="66" cy="66" r="13" fill="var(--accent)"/><path d="M66 60v12M60 66h12" stroke="var(--accent-contrast)" stroke-width="3" stroke-linecap="round"/>';

const newSlipId = (): string => window.crypto.randomUUID();

function readAcceptBetter(): boolean {
  try {
    return window.localStorage.getItem(ACCEPT_BETTER_KEY) !== '0';
  } catch {
    return true;
  }
}

/** The price the book shows now for a pick (null: no longer offered). */
const currentOdds = (p: TPick): number | null => p.market.selections.find((s) => s.selection === p.selection)?.odds ?? null;
const pickOpen = (p: TPick): boolean => p.fixture.accepting && !p.market.suspended && currentOdds(p) !== null;

export interface TSlipView {
  panel: HTMLElement;
  control: TSlipControl;
  /** The latest fixtures the page read: the slip's picks take their current state and prices. */
  refresh(fixtures: readonly TBookFixture[]): void;
}

/**
 * The bet slip: picks (one per fixture), single or parlay (2 to the book's maximum), the stake with its limits, the
 * exact potential payout, "accept better odds", and placing the bet — every refusal explained in a dialog, moved
 * odds shown old → new with accept or cancel.
 */
export function createSlipView(ctx: Omit<TBookContext, 'slip'>, hooks: { onChange: () => void; onPlaced: (bet: TBookBet) => void }): TSlipView {
  const { t, state } = ctx;
  let picks: TPick[] = [];
  let slipId = newSlipId();
  let stakeText = '';
  let acceptBetter = readAcceptBetter();
  let placing = false;
  let placed: TBookBet | null = null;
  let note = '';

  const body = h('div', { class: 'sb-slip-body' });
  const count = h('span', { class: 'sb-count hg-num', 'data-testid': 'sb-slip-count' }, '0');
  const panel = h('aside', { class: 'sb-slip', 'data-testid': 'sb-slip', 'aria-label': t('slip') },
    h('header', { class: 'sb-slip-head' }, h('h2', {}, t('slip')), count),
    body,
  );

  const stakeInput = h('input', {
    class: 'sb-stake-input hg-num',
    inputmode: 'decimal',
    autocomplete: 'off',
    'data-testid': 'sb-stake',
    'aria-label': t('stake'),
    placeholder: '0.00',
  });
  stakeInput.addEventListener('input', () => {
    stakeText = stakeInput.value;
    slipId = newSlipId();
    renderFigures();
  });
  stakeInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') void place();
  });
  const figures = h('div', { class: 'sb-figures' });
  const placeButton = h('button', { type: 'button', class: 'hg-btn hg-btn-primary sb-place', 'data-testid': 'sb-place', onclick: () => void place() });

  function changed() {
    placed = null;
    slipId = newSlipId();
    render();
    hooks.onChange();
  }

  const control: TSlipControl = {
    has: (marketId, selection) => picks.some((p) => p.market.marketId === marketId && p.selection === selection),
    toggle(pick) {
      note = '';
      const same = picks.findIndex((p) => p.market.marketId === pick.market.marketId && p.selection === pick.selection);
      const sameFixture = picks.findIndex((p) => p.fixture.fixtureId === pick.fixture.fixtureId);
      if (same >= 0) picks.splice(same, 1);
      else if (sameFixture >= 0) {
        picks[sameFixture] = pick;
        note = t('replaced');
      } else if (picks.length >= state.limits.maxLegs) note = t('tooMany', { n: state.limits.maxLegs });
      else picks.push(pick);
      changed();
    },
  };

  const maxStake = () => Math.min(state.limits.maxStake, ...picks.map((p) => p.market.maxStake));

  function legView(p: TPick): HTMLElement {
    const now = currentOdds(p);
    const moved = now !== null && now !== p.odds;
    return h('li', { class: `sb-leg${pickOpen(p) ? '' : ' is-closed'}`, 'data-testid': 'sb-slip-leg' },
      h('div', { class: 'sb-leg-main' },
        h('strong', {}, selectionName(p.market.kind, p.market.line, p.selection, p.fixture, t)),
        h('span', { class: 'hg-muted' }, marketName(p.market.kind, p.market.line, t)),
        h('span', { class: 'hg-muted' }, `${p.fixture.home} – ${p.fixture.away}`),
        pickOpen(p) ? null : h('span', { class: 'sb-leg-warn' }, p.fixture.accepting && p.market.suspended ? t('err.sports_market_suspended') : t('legClosed')),
      ),
      h('div', { class: 'sb-leg-odds hg-num' },
        moved ? h('s', { class: 'hg-muted' }, ctx.odds(p.odds)) : null,
        h('strong', { class: moved ? (now > p.odds ? 'is-up-text' : 'is-down-text') : '' }, ctx.odds(moved ? now : p.odds)),
      ),
      h('button', {
        type: 'button',
        class: 'sb-leg-remove',
        'aria-label': `${t('remove')}: ${selectionName(p.market.kind, p.market.line, p.selection, p.fixture, t)}`,
        'data-testid': 'sb-slip-remove',
        onclick: () => {
          picks = picks.filter((x) => x !== p);
          note = '';
          changed();
        },
      }, '×'),
    );
  }

  function renderFigures() {
    const stake = parseStake(stakeText);
    const odds = picks.map((p) => p.odds);
    const payout = stake === null ? null : potentialPayout(stake, odds, state.limits.maxPayout);
    const rows: (HTMLElement | null)[] = [
      picks.length > 1 ? h('div', { class: 'sb-figure' }, h('span', {}, t('totalOdds')), h('strong', { class: 'hg-num', 'data-testid': 'sb-total-odds' }, ctx.odds(combinedOdds(odds)))) : null,
      h('div', { class: 'sb-figure' }, h('span', {}, t('potentialPayout')), h('strong', { class: 'hg-num sb-payout', 'data-testid': 'sb-payout' }, ctx.money(payout?.payout ?? 0))),
    ];
    const problems: string[] = [];
    if (stakeText.trim() !== '' && stake === null) problems.push(t('stakeInvalid'));
    if (payout?.capped) problems.push(t('capped', { max: ctx.money(state.limits.maxPayout) }));
    figures.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null), ...problems.map((text) => h('p', { class: 'sb-warn', 'data-testid': 'sb-slip-warning' }, text)));
    stakeInput.setAttribute('aria-invalid', stakeText.trim() !== '' && stake === null ? 'true' : 'false');
    placeButton.textContent = placing ? t('placing') : t('placeBet');
    placeButton.disabled = placing || picks.length === 0 || stake === null || picks.some((p) => !pickOpen(p));
  }

  function render() {
    count.textContent = String(picks.length);
    if (placed) {
      body.replaceChildren(
        h('div', { class: 'sb-placed', 'data-testid': 'sb-slip-success', role: 'status' },
          h('div', { class: 'sb-placed-mark' }, '✓'),
          h('h3', {}, t('placed')),
          h('dl', {},
            h('dt', {}, t('betId')), h('dd', { class: 'hg-code', 'data-testid': 'sb-bet-id' }, placed.betId),
            h('dt', {}, t('stake')), h('dd', { class: 'hg-num' }, ctx.money(placed.stake)),
            h('dt', {}, t('odds')), h('dd', { class: 'hg-num' }, ctx.odds(placed.odds)),
            h('dt', {}, t('toWin')), h('dd', { class: 'hg-num' }, ctx.money(placed.potentialPayout)),
          ),
          h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'sb-new-bet', onclick: () => { placed = null; render(); } }, t('newBet')),
        ),
      );
      return;
    }
    if (picks.length === 0) {
      body.replaceChildren(
        h('div', { class: 'sb-empty sb-slip-empty', 'data-testid': 'sb-slip-empty' }, svg('0 0 100 90', SLIP_ART, 'sb-empty-art'), h('p', {}, t('slipEmpty'))),
        ...(note ? [h('p', { class: 'sb-note', role: 'status' }, note)] : []),
      );
      return;
    }
    const acceptBox = h('input', { type: 'checkbox', 'data-testid': 'sb-accept-better', checked: acceptBetter });
    acceptBox.addEventListener('change', () => {
      acceptBetter = acceptBox.checked;
      try {
        window.localStorage.setItem(ACCEPT_BETTER_KEY, acceptBetter ? '1' : '0');
      } catch {
        /* storage unavailable: remembered for this visit only */
      }
    });
    stakeInput.value = stakeText;
    body.replaceChildren(
      h('div', { class: 'sb-slip-kind' },
        h('strong', { 'data-testid': 'sb-slip-kind' }, picks.length === 1 ? t('single') : t('parlay', { n: picks.length })),
        h('button', { type: 'button', class: 'sb-link', 'data-testid': 'sb-slip-clear', onclick: () => { picks = []; note = ''; changed(); } }, t('clearAll')),
      ),
      ...(note ? [h('p', { class: 'sb-note', role: 'status', 'data-testid': 'sb-slip-note' }, note)] : []),
      h('ul', { class: 'sb-legs' }, ...picks.map(legView)),
      h('label', { class: 'sb-stake' },
        h('span', {}, t('stake')),
        stakeInput,
        h('span', { class: 'hg-muted hg-num', 'data-testid': 'sb-limits' }, t('limits', { min: ctx.money(state.limits.minStake), max: ctx.money(maxStake()) })),
      ),
      figures,
      h('label', { class: 'sb-check' }, acceptBox, h('span', {}, t('acceptBetter'))),
      placeButton,
    );
    renderFigures();
  }

  function refusal(err: HouseApiError) {
    const v = (err.value ?? {}) as Record<string, unknown>;
    const amount = (k: string) => (typeof v[k] === 'number' ? ctx.money(v[k]) : '–');
    if (err.code === 'insufficient_balance' && typeof v.balance === 'number') ctx.setBalance(v.balance);
    if (!err.code.startsWith('sports_') && err.code !== 'insufficient_balance') return ctx.showError(err);
    const key = `err.${err.code}` as Parameters<typeof t>[0];
    const text = t(key, { min: amount('min'), max: amount('max'), payout: amount('payout'), balance: amount('balance') });
    ctx.dialog({ title: t('notAccepted'), body: text.startsWith('err.') ? t('err.other') : text, buttons: [{ label: t('ok'), primary: true }], tone: 'danger' });
  }

  /** The moved prices, old → new per leg, with accept (place at the new prices) or cancel. */
  function oddsChanged(value: TOddsChanged) {
    const now = new Map(value.legs.map((l) => [`${l.marketId}:${l.selection}`, l]));
    const gone = picks.some((p) => {
      const l = now.get(`${p.market.marketId}:${p.selection}`);
      return !l || l.odds === null || l.suspended;
    });
    const list = h('ul', { class: 'sb-changes', 'data-testid': 'sb-odds-changes' },
      ...picks.map((p) => {
        const l = now.get(`${p.market.marketId}:${p.selection}`);
        const next = l?.odds ?? null;
        return h('li', {},
          h('span', {}, selectionName(p.market.kind, p.market.line, p.selection, p.fixture, t)),
          h('span', { class: 'hg-num' },
            ctx.odds(p.odds), ' → ',
            next === null || l?.suspended ? h('em', {}, t('noLongerOffered')) : h('strong', { class: next > p.odds ? 'is-up-text' : next < p.odds ? 'is-down-text' : '' }, ctx.odds(next)),
          ),
        );
      }),
    );
    ctx.dialog({
      title: t('oddsChanged'),
      body: h('div', {}, h('p', {}, t('oddsChangedText')), list),
      tone: 'info',
      buttons: [
        { label: t('cancel') },
        ...(gone
          ? []
          : [{
              label: t('acceptNew'),
              primary: true,
              run: () => {
                picks = picks.map((p) => ({ ...p, odds: now.get(`${p.market.marketId}:${p.selection}`)?.odds ?? p.odds }));
                slipId = newSlipId();
                render();
                void place();
              },
            }]),
      ],
    });
  }

  async function place() {
    const stake = parseStake(stakeText);
    if (placing || stake === null || picks.length === 0 || picks.some((p) => !pickOpen(p))) return;
    placing = true;
    renderFigures();
    try {
      const answer = await ctx.api.place({
        slipId,
        stake,
        legs: picks.map((p) => ({ marketId: p.market.marketId, selection: p.selection, odds: p.odds })),
        acceptBetterOdds: acceptBetter,
      });
      ctx.setBalance(answer.balance);
      placed = answer.bet;
      picks = [];
      stakeText = '';
      slipId = newSlipId();
      hooks.onPlaced(answer.bet);
      hooks.onChange();
    } catch (err) {
      if (err instanceof HouseApiError && err.code === 'sports_odds_changed' && err.value) oddsChanged(err.value as TOddsChanged);
      else if (err instanceof HouseApiError) refusal(err);
      else ctx.showError(err);
    } finally {
      placing = false;
      render();
    }
  }

  render();
  return {
    panel,
    control,
    refresh(fixtures) {
      if (picks.length === 0) return;
      const byId = new Map(fixtures.map((f) => [f.fixtureId, f]));
      picks = picks.map((p) => {
        const f = byId.get(p.fixture.fixtureId);
        const m = f?.markets.find((x) => x.marketId === p.market.marketId);
        return f && m ? { ...p, fixture: f, market: m } : p;
      });
      const focused = document.activeElement === stakeInput;
      render();
      if (focused) stakeInput.focus();
    },
  };
}
