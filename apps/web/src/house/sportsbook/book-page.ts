import type { TBookBet, TBookFixture, TBookSport, TBookState } from '@playhall/contract/sportsbook-api';
import { formatOdds, ODDS_FORMATS, type TOddsFormat } from '@playhall/contract/sportsbook-odds';
import { h, svg } from '../shared/dom.ts';
import { HouseApiError, readLaunch } from '../shared/house-api.ts';
import { postBalance } from '../shared/messages.ts';
import { money } from '../shared/money.ts';
import { createDialog, followTheme } from '../shared/shell.ts';
import { createBookApi } from './book-api.ts';
import { betCard } from './book-bets.ts';
import type { TBookContext } from './book-context.ts';
import { cliCommands, rerunFixture } from './book-fair.ts';
import { fixtureList } from './book-fixtures.ts';
import { createSlipView } from './book-slip-view.ts';
import { loadHouseTexts, localeTag } from '../shared/text.ts';
import { createText, type TTranslate } from './book-text.ts';

/** Fixtures, open bets and the state are read this often while the page is visible. */
const POLL_MS = 4000;
const ODDS_FORMAT_KEY = 'sportsbook.oddsFormat';
const DAYS_AHEAD = 5;

const BALL =
  '<circle cx="32" cy="32" r="26" fill="#fff" stroke="#1b2233" stroke-width="3"/><path d="M32 19l10 7-4 12H26l-4-12z" fill="#1b2233"/><path d="M32 19V8M42 26l11-4M38 38l7 10M26 38l-7 10M22 26l-11-4" stroke="#1b2233" stroke-width="3"/>';
const PAD =
  '<rect x="6" y="18" width="52" height="30" rx="15" fill="#6142bf"/><path d="M20 27v12M14 33h12" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="42" cy="29" r="3.5" fill="#f2c14e"/><circle cx="48" cy="36" r="3.5" fill="#2fbf71"/>';
const EMPTY_ART =
  '<rect x="10" y="20" width="100" height="60" rx="8" fill="var(--surface-2)" stroke="var(--border)" stroke-width="2"/><path d="M60 20v60" stroke="var(--border)" stroke-width="2"/><circle cx="60" cy="50" r="12" fill="none" stroke="var(--border)" stroke-width="2"/><path d="M42 92h36" stroke="var(--accent)" stroke-width="4" stroke-linecap="round"/>';

type TTab = 'virtual' | `day:${string}` | 'open' | 'settled' | 'results';

function readOddsFormat(): TOddsFormat {
  try {
    const saved = window.localStorage.getItem(ODDS_FORMAT_KEY);
    return ODDS_FORMATS.includes(saved as TOddsFormat) ? (saved as TOddsFormat) : 'decimal';
  } catch {
    return 'decimal';
  }
}

function errorText(t: TTranslate, err: unknown): { text: string; fatal: boolean } {
  const code = err instanceof HouseApiError ? err.code : 'other';
  const known = code === 'maintenance' || code === 'game_maintenance' ? 'maintenance' : code;
  const key = `err.${known}` as Parameters<TTranslate>[0];
  const text = t(key);
  return { text: text === key ? t('err.other') : text, fatal: ['session_expired', 'not_logged_in', 'maintenance'].includes(known) };
}

/** The empty and failed states of a list: a drawing and one sentence (and Retry when it failed). */
function emptyState(text: string, testId: string, retry?: () => void): HTMLElement {
  return h('div', { class: 'sb-empty', 'data-testid': testId },
    svg('0 0 120 100', EMPTY_ART, 'sb-empty-art'),
    h('p', {}, text),
    retry ? h('button', { type: 'button', class: 'hg-btn hg-btn-sm', onclick: retry }, '↻') : null,
  );
}

const skeleton = (rows: number): HTMLElement => h('div', { class: 'sb-skeleton', 'data-testid': 'sb-loading', 'aria-busy': 'true' }, ...Array.from({ length: rows }, () => h('div', { class: 'sb-skeleton-row' })));

/**
 * The house sportsbook and esports book (issue 20): one page for both, the sport from the launch (`&sport=`).
 * Left: the sport and its leagues; centre: the virtual round (countdown from the server's clock, next rounds, last
 * result), fixtures by day, open and settled bets, results with the in-browser check of virtual matches; right: the
 * bet slip. Prices, open bets and the balance are read every few seconds while the page is visible.
 */
export async function bootBook(): Promise<void> {
  followTheme();
  const dialog = createDialog();
  const launch = readLaunch(window.location.hash);
  const lang = await loadHouseTexts(launch?.lang);
  const t = createText();
  const root = h('div', { class: 'hg-app sb-app' });
  document.body.append(root);
  const loading = h('div', { class: 'hg-loading', 'data-testid': 'hg-loading' }, h('div', { class: 'hg-spinner' }), t('loading'));
  root.append(loading);

  const end = (title: string, text: string) => {
    loading.replaceChildren(h('h2', {}, title), h('p', {}, text));
    dialog({ title, body: text, buttons: [{ label: t('close'), primary: true }], tone: 'danger' });
  };
  if (!launch) return end(t('noSession'), t('noSessionText'));
  const api = createBookApi(launch.token);

  let state: TBookState;
  let clockOffset = 0;
  for (;;) {
    try {
      const sent = Date.now();
      state = await api.state();
      clockOffset = Date.parse(state.now) - (sent + Date.now()) / 2;
      break;
    } catch (err) {
      const { text, fatal } = errorText(t, err);
      if (fatal) return end(t('notAccepted'), text);
      await new Promise<void>((resolve) => dialog({ title: t('loadFailed'), body: text, buttons: [{ label: t('retry'), primary: true, run: resolve }], tone: 'danger' }));
    }
  }
  const sport: TBookSport = state.sport;
  document.title = state.game.name;

  // ---------------------------------------------------------------- formats and the context
  let oddsFormat = readOddsFormat();
  const tag = localeTag(lang);
  const timeFormat = new Intl.DateTimeFormat(tag, { timeZone: state.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dateTimeFormat = new Intl.DateTimeFormat(tag, { timeZone: state.timeZone, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: state.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayLabel = new Intl.DateTimeFormat(tag, { timeZone: state.timeZone, weekday: 'short', day: '2-digit', month: '2-digit' });
  const lastPrices = new Map<string, number>();
  const balanceEl = h('strong', { class: 'hg-num hg-balance', 'data-testid': 'sb-balance' }, money(state.balance));

  const showError = (err: unknown) => {
    const { text } = errorText(t, err);
    dialog({ title: t('notAccepted'), body: text, buttons: [{ label: t('ok'), primary: true }], tone: 'danger' });
  };
  const base: Omit<TBookContext, 'slip'> = {
    t,
    api,
    state,
    now: () => Date.now() + clockOffset,
    odds: (o) => formatOdds(o, oddsFormat),
    money,
    clockTime: (iso) => timeFormat.format(Date.parse(iso)),
    dateTime: (iso) => dateTimeFormat.format(Date.parse(iso)),
    priceMove(key, odds) {
      const before = lastPrices.get(key);
      lastPrices.set(key, odds);
      return before === undefined || before === odds ? 0 : odds > before ? 1 : -1;
    },
    dialog,
    showError,
    setBalance(balance) {
      state.balance = balance;
      balanceEl.textContent = money(balance);
      postBalance(balance);
    },
  };
  const slipView = createSlipView(base, { onChange: () => renderCentre(), onPlaced: () => void pollBets() });
  const ctx: TBookContext = { ...base, slip: slipView.control };

  // ---------------------------------------------------------------- data
  let tab: TTab = 'virtual';
  let league: string | null = null;
  let upcoming: TBookFixture[] | null = null;
  let upcomingFailed = false;
  let dayFixtures: TBookFixture[] | null = null;
  let dayFailed = false;
  let lastRound: TBookFixture[] = [];
  let results: TBookFixture[] | null = null;
  let resultsTotal = 0;
  let resultsPage = 1;
  let openBets: TBookBet[] | null = null;
  let openTotal = 0;
  let settledBets: TBookBet[] | null = null;
  let settledTotal = 0;
  let settledPage = 1;
  let betsFailed = false;
  const expanded = new Set<number>();
  const resultCards = new Map<number, { key: string; card: HTMLElement }>();

  // ---------------------------------------------------------------- frame
  const formatSelect = h('select', { class: 'sb-select', 'data-testid': 'sb-odds-format', 'aria-label': t('oddsFormat') },
    ...ODDS_FORMATS.map((f) => h('option', { value: f, selected: f === oddsFormat }, t(`fmt.${f}`))),
  );
  formatSelect.addEventListener('change', () => {
    oddsFormat = formatSelect.value as TOddsFormat;
    try {
      window.localStorage.setItem(ODDS_FORMAT_KEY, oddsFormat);
    } catch {
      /* storage unavailable: this visit only */
    }
    renderCentre();
    slipView.refresh(upcoming ?? []);
  });
  const rail = h('nav', { class: 'sb-rail', 'aria-label': t('leagues') });
  const tabsEl = h('div', { class: 'sb-tabs', role: 'tablist' });
  const centre = h('section', { class: 'sb-centre', 'data-testid': 'sb-centre', 'aria-live': 'off' });
  const countdown = h('strong', { class: 'sb-countdown hg-num', 'data-testid': 'sb-countdown' });

  loading.remove();
  root.append(
    h('header', { class: 'hg-top' },
      h('div', { class: 'hg-brand' }, svg('0 0 64 64', sport === 'esports' ? PAD : BALL, 'hg-logo'), h('span', { 'data-testid': 'sb-title' }, state.game.name)),
      h('label', { class: 'sb-format' }, h('span', {}, t('oddsFormat')), formatSelect),
      h('div', { class: 'hg-stat' }, h('span', {}, t('player')), h('strong', {}, state.player)),
      h('div', { class: 'hg-stat hg-stat-balance' }, h('span', {}, t('balance')), balanceEl),
    ),
    h('main', { class: 'sb-main' }, rail, h('div', { class: 'sb-middle' }, tabsEl, centre), slipView.panel),
  );

  // ---------------------------------------------------------------- rail and tabs
  function renderRail() {
    const leagues = new Map<string, { name: string; virtual: boolean; count: number }>();
    for (const f of upcoming ?? []) {
      if (f.state === 'resulted' || f.state === 'void') continue;
      const l = leagues.get(f.league.code) ?? { name: f.league.name, virtual: f.source === 'virtual', count: 0 };
      l.count += 1;
      leagues.set(f.league.code, l);
    }
    const item = (code: string | null, name: string, count: number | null, virtual: boolean) =>
      h('li', {},
        h('button', {
          type: 'button',
          class: `sb-rail-item${league === code ? ' is-active' : ''}`,
          'data-testid': 'sb-league-filter',
          'data-league': code ?? '',
          'aria-current': league === code ? 'true' : undefined,
          'data-virtual': virtual ? 'true' : undefined,
          onclick: () => {
            league = code;
            // A real league opens on the day of its next match; a virtual one on its round.
            const next = (upcoming ?? []).filter((f) => f.league.code === code && f.state !== 'resulted' && f.state !== 'void').sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt))[0];
            if (virtual) void openTab('virtual');
            else if (next) void openTab(`day:${dayKey.format(Date.parse(next.kickoffAt))}`);
            else void openTab(tab);
          },
        }, h('span', {}, name), virtual ? h('span', { class: 'sb-badge is-brand' }, t('virtualTag')) : null, count === null ? null : h('span', { class: 'sb-rail-count hg-num' }, String(count))),
      );
    rail.replaceChildren(
      h('h2', { class: 'sb-rail-sport' }, svg('0 0 64 64', sport === 'esports' ? PAD : BALL, 'sb-rail-icon'), t(`sport.${sport}`)),
      h('h3', { class: 'sb-rail-title' }, t('leagues')),
      h('ul', {}, item(null, t('allLeagues'), null, false), ...[...leagues].sort((a, b) => Number(b[1].virtual) - Number(a[1].virtual) || a[1].name.localeCompare(b[1].name)).map(([code, l]) => item(code, l.name, l.count, l.virtual))),
    );
  }

  function renderTabs() {
    const now = ctx.now();
    const days = Array.from({ length: DAYS_AHEAD }, (_, i) => {
      const at = now + i * 86_400_000;
      return { key: `day:${dayKey.format(at)}` as TTab, label: i === 0 ? t('tab.today') : i === 1 ? t('tab.tomorrow') : dayLabel.format(at) };
    });
    const tabs: { key: TTab; label: string; count?: number }[] = [
      { key: 'virtual', label: t('tab.virtual') },
      ...days,
      { key: 'open', label: t('tab.open'), count: openTotal },
      { key: 'settled', label: t('tab.settled') },
      { key: 'results', label: t('tab.results') },
    ];
    tabsEl.replaceChildren(
      ...tabs.map((x, i) =>
        h('button', {
          type: 'button',
          role: 'tab',
          class: `sb-tab${tab === x.key ? ' is-active' : ''}${i === days.length + 1 ? ' sb-tab-gap' : ''}`,
          'aria-selected': tab === x.key ? 'true' : 'false',
          tabindex: tab === x.key ? 0 : -1,
          'data-testid': x.key.startsWith('day:') ? (i === 1 ? 'sb-tab-today' : 'sb-tab-day') : `sb-tab-${x.key}`,
          'data-day': x.key.startsWith('day:') ? x.key.slice(4) : undefined,
          onclick: () => void openTab(x.key),
          onkeydown: (e: Event) => {
            const k = (e as KeyboardEvent).key;
            if (k !== 'ArrowRight' && k !== 'ArrowLeft') return;
            const next = tabs[(i + (k === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
            if (next) void openTab(next.key).then(() => (tabsEl.querySelector('[aria-selected="true"]') as HTMLElement | null)?.focus());
          },
        }, x.label, x.count ? h('span', { class: 'sb-tab-count hg-num', 'data-testid': 'sb-open-count' }, String(x.count)) : null),
      ),
    );
  }

  // ---------------------------------------------------------------- centre
  const byLeague = (list: TBookFixture[]) => (league === null ? list : list.filter((f) => f.league.code === league));

  function virtualView(): HTMLElement {
    if (upcoming === null) return upcomingFailed ? emptyState(t('loadFailed'), 'sb-load-failed', () => void loadUpcoming()) : skeleton(6);
    const virtual = byLeague(upcoming.filter((f) => f.source === 'virtual' && f.state !== 'resulted' && f.state !== 'void'));
    const rounds = new Map<string, TBookFixture[]>();
    for (const f of virtual.sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt) || a.fixtureId - b.fixtureId)) {
      const id = f.virtual?.roundId ?? f.kickoffAt;
      rounds.set(id, [...(rounds.get(id) ?? []), f]);
    }
    const list = [...rounds];
    const currentIndex = Math.max(0, list.findIndex(([, fs]) => fs.some((f) => f.accepting)));
    const current = list[currentIndex];
    const parts: HTMLElement[] = [];
    if (!current) parts.push(emptyState(t('noVirtual'), 'sb-virtual-empty'));
    else {
      const [roundId, fixtures] = current;
      parts.push(
        h('div', { class: 'sb-round-head', 'data-testid': 'sb-round', 'data-round': roundId },
          h('div', {}, h('h2', {}, t('round', { round: roundId })), h('span', { class: 'hg-muted hg-num' }, ctx.dateTime((fixtures[0] as TBookFixture).kickoffAt))),
          h('div', { class: 'sb-countdown-box' }, h('span', {}, t('kickoffIn')), countdown),
        ),
        h('div', { 'data-testid': 'sb-round-fixtures' }, fixtureList(ctx, { fixtures, expanded, onToggleMore: renderCentre })),
      );
    }
    const next = list.slice(currentIndex + 1);
    if (next.length > 0) {
      parts.push(
        h('section', { class: 'sb-next', 'data-testid': 'sb-next-rounds' },
          h('h3', {}, t('nextRounds')),
          ...next.map(([roundId, fs]) =>
            h('div', { class: 'sb-next-round' },
              h('strong', { class: 'hg-num' }, `${ctx.clockTime((fs[0] as TBookFixture).kickoffAt)} · ${t('round', { round: roundId })}`),
              h('span', { class: 'hg-muted' }, fs.map((f) => `${f.home} – ${f.away}`).join(' · ')),
            ),
          ),
        ),
      );
    }
    const last = byLeague(lastRound);
    if (last.length > 0) {
      parts.push(
        h('section', { class: 'sb-last', 'data-testid': 'sb-last-result' },
          h('h3', {}, t('lastResult'), ' · ', t('round', { round: last[0]?.virtual?.roundId ?? '' })),
          h('div', { class: 'sb-last-grid' }, ...last.map((f) => h('div', { class: 'sb-last-item' }, h('span', {}, f.home), h('strong', { class: 'hg-num sb-score' }, f.result ? `${f.result.home} – ${f.result.away}` : t('voided')), h('span', {}, f.away)))),
        ),
      );
    }
    return h('div', { class: 'sb-virtual' }, ...parts);
  }

  function dayView(): HTMLElement {
    if (dayFixtures === null) return dayFailed ? emptyState(t('loadFailed'), 'sb-load-failed', () => void loadDay()) : skeleton(6);
    const list = byLeague(dayFixtures.filter((f) => f.source === 'manual' && f.state !== 'resulted' && f.state !== 'void'));
    if (list.length === 0) return emptyState(t('noFixtures'), 'sb-day-empty');
    return fixtureList(ctx, { fixtures: list.sort((a, b) => a.league.name.localeCompare(b.league.name) || a.kickoffAt.localeCompare(b.kickoffAt)), expanded, onToggleMore: renderCentre });
  }

  function betsView(status: 'open' | 'settled'): HTMLElement {
    const list = status === 'open' ? openBets : settledBets;
    if (list === null) return betsFailed ? emptyState(t('loadFailed'), 'sb-load-failed', () => void pollBets()) : skeleton(4);
    if (list.length === 0) return emptyState(status === 'open' ? t('noOpenBets') : t('noSettledBets'), `sb-bets-empty`);
    const more = status === 'settled' && list.length < settledTotal;
    return h('div', { class: 'sb-bets', 'data-testid': `sb-bets-${status}` },
      ...list.map((b) => betCard(ctx, b)),
      more ? h('button', { type: 'button', class: 'hg-btn sb-more-list', onclick: () => void loadSettled(settledPage + 1) }, t('showMore')) : null,
    );
  }

  /** A result's card, kept between redraws (its opened check and its verdict stay) until the result changes. */
  function resultCard(f: TBookFixture): HTMLElement {
    const key = `${f.state}:${f.result?.home ?? ''}-${f.result?.away ?? ''}:${f.virtual?.seed ?? ''}:${oddsFormat}`;
    const kept = resultCards.get(f.fixtureId);
    if (kept?.key === key) return kept.card;
    const card = drawResultCard(f);
    resultCards.set(f.fixtureId, { key, card });
    return card;
  }

  function drawResultCard(f: TBookFixture): HTMLElement {
    const v = f.virtual;
    const out = h('div', { class: 'sb-verify-out', 'data-testid': 'sb-verify-out' });
    const verify = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'sb-verify' }, t('verify'));
    verify.addEventListener('click', async () => {
      verify.disabled = true;
      verify.textContent = t('verifying');
      try {
        const rerun = await rerunFixture(f);
        if (!rerun) return;
        const score = `${rerun.score.home} – ${rerun.score.away}`;
        out.replaceChildren(
          h('p', { class: rerun.commitMatches ? 'hg-ok' : 'hg-bad', 'data-testid': 'sb-verify-commit', 'data-ok': String(rerun.commitMatches) }, rerun.commitMatches ? t('commitOk') : t('commitBad')),
          h('p', { class: rerun.scoreMatches ? 'hg-ok' : 'hg-bad', 'data-testid': 'sb-verify-score', 'data-ok': String(rerun.scoreMatches) }, rerun.scoreMatches ? t('rerunOk', { score }) : t('rerunBad', { score })),
          h('p', { class: 'hg-muted' }, t('cliCheck')),
          ...cliCommands(f).map((c) => h('code', { class: 'hg-code' }, c)),
          h('p', { class: 'hg-muted' }, t('cliUniform')),
        );
      } catch (err) {
        // No check in this browser (no Web Crypto outside a secure page, or a model without its figures): the commands
        // check it by hand. The error's own (English) message is for the console, not the player.
        console.warn('sportsbook: the in-browser check failed', err);
        out.replaceChildren(
          h('p', { class: 'hg-bad', 'data-testid': 'sb-verify-failed' }, t('verifyFailed')),
          h('p', { class: 'hg-muted' }, t('cliCheck')),
          ...cliCommands(f).map((c) => h('code', { class: 'hg-code' }, c)),
          h('p', { class: 'hg-muted' }, t('cliUniform')),
        );
      } finally {
        verify.disabled = false;
        verify.textContent = t('verify');
      }
    });
    return h('article', { class: 'sb-result', 'data-testid': 'sb-result', 'data-fixture-id': f.fixtureId },
      h('header', { class: 'sb-result-head' },
        h('span', { class: 'hg-muted' }, `${f.league.name} · ${ctx.dateTime(f.kickoffAt)}`, v ? ` · ${t('round', { round: v.roundId })}` : ''),
        h('div', { class: 'sb-result-score' }, h('span', {}, f.home), h('strong', { class: 'hg-num sb-score', 'data-testid': 'sb-result-score' }, f.state === 'void' || !f.result ? t('voided') : `${f.result.home} – ${f.result.away}`), h('span', {}, f.away)),
      ),
      v?.seed
        ? h('details', { class: 'sb-fair' },
            h('summary', {}, t('verify'), ' · SHA-256'),
            h('dl', {},
              h('dt', {}, t('seedCommit')), h('dd', {}, h('code', { class: 'hg-code', 'data-testid': 'sb-seed-commit' }, v.seedCommit)),
              h('dt', {}, t('seed')), h('dd', {}, h('code', { class: 'hg-code', 'data-testid': 'sb-seed' }, v.seed)),
              h('dt', {}, t('model')), h('dd', {}, h('code', { class: 'hg-code' }, JSON.stringify(v.model))),
            ),
            verify,
            out,
          )
        : h('p', { class: 'hg-muted' }, v ? '' : t('byOperator')),
    );
  }

  function resultsView(): HTMLElement {
    if (results === null) return skeleton(5);
    const list = byLeague(results);
    if (list.length === 0) return emptyState(t('noResults'), 'sb-results-empty');
    return h('div', { class: 'sb-results', 'data-testid': 'sb-results' },
      ...list.map(resultCard),
      results.length < resultsTotal ? h('button', { type: 'button', class: 'hg-btn sb-more-list', onclick: () => void loadResults(resultsPage + 1) }, t('showMore')) : null,
    );
  }

  /** Redraws the centre, keeping the keyboard focus on the same control (prices are redrawn by key). */
  function renderCentre() {
    const focusedKey = (document.activeElement as HTMLElement | null)?.dataset?.key;
    const scroll = centre.scrollTop;
    renderTabs();
    renderRail();
    centre.replaceChildren(
      tab === 'virtual' ? virtualView() : tab === 'open' ? betsView('open') : tab === 'settled' ? betsView('settled') : tab === 'results' ? resultsView() : dayView(),
    );
    centre.scrollTop = scroll;
    if (focusedKey) (centre.querySelector(`[data-key="${CSS.escape(focusedKey)}"]`) as HTMLElement | null)?.focus();
    tick();
  }

  // ---------------------------------------------------------------- loading
  const visible = () => document.visibilityState === 'visible';

  async function loadUpcoming() {
    try {
      upcoming = (await api.fixtures()).fixtures;
      upcomingFailed = false;
      slipView.refresh(upcoming);
    } catch (err) {
      upcomingFailed = upcoming === null;
      if (err instanceof HouseApiError && errorText(t, err).fatal) showError(err);
    }
  }

  async function loadLastRound() {
    try {
      const page = await api.results(1);
      const newest = page.fixtures.find((f) => f.source === 'virtual')?.virtual?.roundId;
      lastRound = newest ? page.fixtures.filter((f) => f.virtual?.roundId === newest) : [];
      if (resultsPage === 1) {
        results = page.fixtures;
        resultsTotal = page.total;
      }
    } catch {
      /* the last result stays as it was; the next poll tries again */
    }
  }

  async function loadResults(page: number) {
    try {
      const answer = await api.results(page);
      results = page === 1 ? answer.fixtures : [...(results ?? []), ...answer.fixtures];
      resultsTotal = answer.total;
      resultsPage = page;
    } catch (err) {
      showError(err);
    }
    renderCentre();
  }

  async function loadDay() {
    if (!tab.startsWith('day:')) return;
    const day = tab.slice(4);
    try {
      const answer = await api.fixtures(day);
      if (tab === `day:${day}`) {
        dayFixtures = answer.fixtures;
        dayFailed = false;
        slipView.refresh(answer.fixtures);
      }
    } catch {
      dayFailed = dayFixtures === null;
    }
  }

  async function loadSettled(page: number) {
    try {
      const answer = await api.bets('settled', page);
      settledBets = page === 1 ? answer.list : [...(settledBets ?? []), ...answer.list];
      settledTotal = answer.total;
      settledPage = page;
      betsFailed = false;
    } catch (err) {
      betsFailed = settledBets === null;
      if (page > 1) showError(err);
    }
    renderCentre();
  }

  /** Open bets (for the count and to notice settlements); a bet that left the list was settled: balance and settled list again. */
  async function pollBets() {
    try {
      const answer = await api.bets('open', 1, 50);
      const before = new Set((openBets ?? []).map((b) => b.betId));
      const settledSome = openBets !== null && [...before].some((id) => !answer.list.some((b) => b.betId === id));
      openBets = answer.list;
      openTotal = answer.total;
      betsFailed = false;
      if (settledSome || tab === 'settled') {
        if (settledSome) {
          const fresh = await api.state();
          ctx.setBalance(fresh.balance);
        }
        await loadSettled(1);
        return;
      }
    } catch {
      betsFailed = openBets === null;
    }
    renderCentre();
  }

  async function openTab(next: TTab) {
    const changed = next !== tab;
    tab = next;
    if (changed && next.startsWith('day:')) {
      dayFixtures = null;
      dayFailed = false;
    }
    renderCentre();
    if (next.startsWith('day:')) await loadDay();
    else if (next === 'settled') await loadSettled(1);
    else if (next === 'results') await loadResults(1);
    else if (next === 'open') await pollBets();
    renderCentre();
  }

  // ---------------------------------------------------------------- the clock
  let currentKickoff: number | null = null;
  let refreshingAtKickoff = false;
  function tick() {
    const fixtures = (upcoming ?? []).filter((f) => f.source === 'virtual' && f.accepting);
    const first = fixtures.map((f) => Date.parse(f.kickoffAt)).sort((a, b) => a - b)[0] ?? null;
    currentKickoff = first;
    if (first === null) {
      countdown.textContent = '–';
      return;
    }
    const left = Math.max(0, Math.ceil((first - ctx.now()) / 1000));
    countdown.textContent = `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
    countdown.classList.toggle('is-soon', left <= 10);
  }
  window.setInterval(() => {
    tick();
    // At kick-off the round closes: read the book again at once rather than at the next poll.
    if (currentKickoff !== null && ctx.now() >= currentKickoff && !refreshingAtKickoff) {
      refreshingAtKickoff = true;
      void loadUpcoming().then(() => {
        refreshingAtKickoff = false;
        renderCentre();
      });
    }
  }, 500);

  async function poll() {
    if (visible()) {
      await Promise.all([loadUpcoming(), tab.startsWith('day:') ? loadDay() : null, tab === 'virtual' || tab === 'results' ? loadLastRound() : null]);
      await pollBets();
    }
    window.setTimeout(() => void poll(), POLL_MS);
  }
  document.addEventListener('visibilitychange', () => {
    if (visible()) void Promise.all([loadUpcoming(), pollBets()]).then(renderCentre);
  });

  renderCentre();
  await Promise.all([loadUpcoming(), loadLastRound()]);
  renderCentre();
  void poll();
}
