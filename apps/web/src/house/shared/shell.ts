import { createHouseApi, HouseApiError, readLaunch, type TFairness, type THouseApi, type THouseState, type TPlayResult } from './house-api.ts';
import { h, svg } from './dom.ts';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { describeError, postBalance } from './messages.ts';
import { money } from './money.ts';
import { formatRtp, shellText, type TShellKey } from './shell-text.ts';
import { loadHouseTexts, localeTag, type THouseLang, type TTranslator } from './text.ts';
import './house.css';
import './shell-info.css';

/**
 * The frame every house game page shares: top bar (game, player, balance, last win), the stage the game
 * draws into, a side panel with the provably-fair seeds and the recent rounds, and the error dialog.
 */
export interface TGameContext {
  api: THouseApi;
  state: THouseState;
  stage: HTMLElement;
  /** Plays one round; null when it was refused (the dialog already told the player why). */
  play<TDetail>(input: unknown): Promise<TPlayResult<TDetail> | null>;
  /** Shows a played round's money once its animation is over: balance, last win, history, parent message. */
  settle(result: TPlayResult<unknown>, summary: string): void;
  /** Shows the balance with the stake taken (while the round animates). */
  showStakeTaken(result: TPlayResult<unknown>): void;
  showError(err: unknown): void;
  /** Opens the page's own dialog (the paytable); the shell adds the published RTP line under it. */
  showInfo(title: string, body: Node): void;
  /** The launch's language (its words are loaded: pages read their sections with `textFor`). */
  lang: THouseLang;
  /** The title's published return to player (catalog.ts) as a fraction, or null for a game outside the catalogue. */
  rtp: number | null;
  /** What the top bar's "Game info" button shows above the RTP line (the page's rules and limits). */
  setInfo(build: () => Node): void;
}

const THEMES = new Set(['dark', 'light']);

/** Follows the portal's theme (same origin: its localStorage `theme`), live when the player switches it. */
export function followTheme(): void {
  const apply = () => {
    let theme: string | null = null;
    try {
      theme = window.localStorage.getItem('theme');
    } catch {
      /* storage unavailable: the default */
    }
    document.documentElement.dataset.theme = theme && THEMES.has(theme) ? theme : 'dark';
  };
  apply();
  window.addEventListener('storage', (e) => {
    if (e.key === 'theme') apply();
  });
}

export function createDialog() {
  const title = h('h2', { class: 'hg-dialog-title' });
  const body = h('div', { class: 'hg-dialog-body' });
  const actions = h('div', { class: 'hg-dialog-actions' });
  const dialog = h('dialog', { class: 'hg-dialog', 'data-testid': 'hg-dialog' }, title, body, actions);
  document.body.append(dialog);
  return (opts: { title: string; body: Node | string; buttons: { label: string; primary?: boolean; run?: () => void }[]; tone?: 'danger' | 'info' }) => {
    title.textContent = opts.title;
    dialog.dataset.tone = opts.tone ?? 'info';
    body.replaceChildren(opts.body);
    actions.replaceChildren(
      ...opts.buttons.map((b) =>
        h('button', { type: 'button', class: b.primary ? 'hg-btn hg-btn-primary' : 'hg-btn', onclick: () => { dialog.close(); b.run?.(); } }, b.label),
      ),
    );
    if (!dialog.open) dialog.showModal();
  };
}

const shield = '<path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>';

async function sha256Hex(text: string): Promise<string | null> {
  if (!window.crypto?.subtle) return null;
  const digest = await window.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function randomClientSeed(): string {
  const bytes = new Uint8Array(8);
  window.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const code = (text: string, testId?: string) => h('code', { class: 'hg-code', 'data-testid': testId }, text);

/** The provably-fair panel: the commitment, the client seed and the next nonce; rotating reveals the seed. */
function createFairPanel(api: THouseApi, initial: TFairness, onError: (err: unknown) => void, t: TTranslator<TShellKey>) {
  const hash = code(initial.serverSeedHash, 'hg-fair-hash');
  const client = code(initial.clientSeed, 'hg-fair-client');
  const nonce = h('strong', { class: 'hg-num', 'data-testid': 'hg-fair-nonce' }, String(initial.nonce));
  const seedInput = h('input', { class: 'hg-input', value: randomClientSeed(), maxlength: 64, 'aria-label': t('newClientSeed'), 'data-testid': 'hg-client-seed' });
  const revealed = h('div', { class: 'hg-revealed', hidden: true, 'data-testid': 'hg-revealed' });
  const rotate = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'hg-rotate' }, t('rotate'));
  rotate.addEventListener('click', async () => {
    const clientSeed = seedInput.value.trim();
    if (!clientSeed) return seedInput.focus();
    rotate.disabled = true;
    try {
      const answer = await api.rotateSeed(clientSeed);
      if (answer.next) update(answer.next);
      seedInput.value = randomClientSeed();
      const r = answer.revealed;
      if (!r) {
        revealed.replaceChildren(h('p', { class: 'hg-muted' }, t('noRounds')));
      } else {
        const matches = (await sha256Hex(r.serverSeed)) === r.serverSeedHash;
        const last = Math.max(0, r.rounds - 1);
        revealed.replaceChildren(
          h('h4', {}, t('revealedTitle')),
          h('dl', {},
            h('dt', {}, t('serverSeed')), h('dd', {}, code(r.serverSeed, 'hg-revealed-seed')),
            h('dt', {}, t('itsHash')), h('dd', {}, code(r.serverSeedHash)),
            h('dt', {}, t('clientSeed')), h('dd', {}, code(r.clientSeed)),
            h('dt', {}, t('roundsPlayed')), h('dd', {}, t('roundsRange', { rounds: r.rounds, last })),
          ),
          h('p', { class: matches ? 'hg-ok' : 'hg-bad' }, matches ? t('seedMatches') : t('seedMismatch')),
          h('p', { class: 'hg-muted' }, t('checkYourself', { last })),
          code(`printf %s '${r.serverSeed}' | sha256sum`),
          code(`printf %s '${r.clientSeed}:${last}:0' | openssl dgst -sha256 -hmac '${r.serverSeed}'`),
        );
      }
      revealed.hidden = false;
    } catch (err) {
      onError(err);
    } finally {
      rotate.disabled = false;
    }
  });
  function update(f: TFairness) {
    hash.textContent = f.serverSeedHash;
    client.textContent = f.clientSeed;
    nonce.textContent = String(f.nonce);
  }
  const panel = h('section', { class: 'hg-panel', 'data-testid': 'hg-fair' },
    h('h3', { class: 'hg-panel-title' }, svg('0 0 24 24', shield, 'hg-icon'), t('fairTitle')),
    h('dl', {},
      h('dt', {}, t('fairHash')), h('dd', {}, hash),
      h('dt', {}, t('fairClient')), h('dd', {}, client),
      h('dt', {}, t('fairNonce')), h('dd', {}, nonce),
    ),
    h('p', { class: 'hg-muted' }, t('fairExplain')),
    h('div', { class: 'hg-row' }, seedInput, rotate),
    revealed,
  );
  return { panel, update };
}

function createHistory(t: TTranslator<TShellKey>) {
  const list = h('ol', { class: 'hg-history', 'data-testid': 'hg-history' });
  const empty = h('p', { class: 'hg-muted hg-empty' }, t('roundsEmpty'));
  const panel = h('section', { class: 'hg-panel hg-panel-grow' }, h('h3', { class: 'hg-panel-title' }, t('recentRounds')), empty, list);
  return {
    panel,
    add(result: TPlayResult<unknown>, summary: string) {
      empty.remove();
      const net = result.payout - result.stake;
      list.prepend(
        h('li', { title: result.roundId },
          h('span', { class: 'hg-history-summary' }, summary),
          h('span', { class: 'hg-muted hg-num' }, t('historyBet', { nonce: result.fairness.nonce, amount: money(result.stake) })),
          h('span', { class: `hg-num ${net > 0 ? 'hg-win' : net < 0 ? 'hg-loss' : ''}`, dir: 'ltr' }, `${net > 0 ? '+' : ''}${money(net)}`),
        ),
      );
      while (list.children.length > 30) list.lastElementChild?.remove();
    },
  };
}

/** A game that cannot start: a closed-curtain illustration, what happened and what to do. */
const CLOSED_ART =
  '<rect x="10" y="14" width="100" height="70" rx="8" fill="var(--surface-2)" stroke="var(--border)" stroke-width="2"/>' +
  '<path d="M14 20 q22 30 0 60 M106 20 q-22 30 0 60" fill="none" stroke="#6142bf" stroke-width="6" stroke-linecap="round"/>' +
  '<rect x="10" y="10" width="100" height="10" rx="4" fill="#6142bf"/>' +
  '<circle cx="60" cy="50" r="16" fill="none" stroke="var(--accent)" stroke-width="4"/><path d="M60 42 v10 M60 58 v1" stroke="var(--accent)" stroke-width="4" stroke-linecap="round"/>' +
  '<rect x="40" y="88" width="40" height="6" rx="3" fill="var(--border)"/>';

function endState(host: HTMLElement, title: string, text: string): void {
  host.classList.add('hg-end');
  host.setAttribute('data-testid', 'hg-end');
  host.replaceChildren(svg('0 0 120 100', CLOSED_ART, 'hg-end-art'), h('h2', {}, title), h('p', {}, text));
}

/** Reads the launch, loads the state and builds the frame, then hands the stage to the game. */
export async function bootHousePage(opts: { title: string; logo: string; className: string; mount: (ctx: TGameContext) => void }): Promise<void> {
  followTheme();
  const open = createDialog();
  const launch = readLaunch(window.location.hash);
  const lang = await loadHouseTexts(launch?.lang);
  const t = shellText();
  document.title = opts.title;
  const root = h('div', { class: `hg-app ${opts.className}` });
  document.body.append(root);
  const loading = h('div', { class: 'hg-loading', 'data-testid': 'hg-loading' }, h('div', { class: 'hg-spinner' }), t('loading'));
  root.append(loading);

  if (!launch) {
    endState(loading, t('noSession'), t('noSessionEnd'));
    open({ title: t('noSession'), body: t('noSessionText'), buttons: [{ label: t('ok'), primary: true }], tone: 'danger' });
    return;
  }
  const api = createHouseApi(launch.token);

  function showError(err: unknown) {
    const e = err instanceof HouseApiError ? err : new HouseApiError('error', t('somethingWrong'));
    const { title, text, fatal } = describeError(e);
    open({ title, body: text, buttons: [{ label: fatal ? t('close') : t('ok'), primary: true }], tone: 'danger' });
  }

  let state: THouseState;
  for (;;) {
    try {
      state = await api.state();
      break;
    } catch (err) {
      const e = err instanceof HouseApiError ? err : new HouseApiError('error', t('cannotLoad'));
      const { title, text, fatal } = describeError(e);
      if (fatal) endState(loading, title, text);
      if (fatal) return open({ title, body: text, buttons: [{ label: t('close'), primary: true }], tone: 'danger' });
      await new Promise<void>((resolve) => open({ title, body: text, buttons: [{ label: t('retry'), primary: true, run: resolve }], tone: 'danger' }));
    }
  }

  const balance = h('strong', { class: 'hg-num hg-balance', 'data-testid': 'hg-balance' }, money(state.balance));
  const lastWin = h('strong', { class: 'hg-num', 'data-testid': 'hg-last-win' }, money(0));
  const fair = createFairPanel(api, state.fairness, showError, t);
  const history = createHistory(t);
  const rtp = titleOfHouseGame(state.game.houseGame)?.rtp ?? null;
  /** The standard line under every info dialog: the title's published RTP (catalog.ts). */
  const rtpLine = () =>
    rtp === null
      ? null
      : h('div', { class: 'hg-rtp', 'data-testid': 'hg-rtp' },
          h('strong', {}, t('rtp', { rtp: formatRtp(rtp, localeTag(lang)) })),
          h('p', { class: 'hg-muted' }, t('rtpNote')),
        );
  const showInfo = (title: string, body: Node) => open({ title, body: h('div', {}, body, rtpLine()), buttons: [{ label: t('close'), primary: true }] });
  let info: (() => Node) | null = null;
  const infoButton = h('button', { type: 'button', class: 'hg-btn hg-btn-sm hg-info-btn', 'data-testid': 'hg-info', 'aria-label': t('gameInfo'), title: t('gameInfo') }, 'i');
  infoButton.addEventListener('click', () => showInfo(state.game.name, info ? info() : h('span')));
  const stage = h('section', { class: 'hg-stage', 'data-testid': 'hg-stage' });
  const setBalance = (value: number) => {
    balance.textContent = money(value);
  };

  loading.remove();
  root.append(
    h('header', { class: 'hg-top' },
      h('div', { class: 'hg-brand' }, svg('0 0 64 64', opts.logo, 'hg-logo'), h('span', {}, state.game.name), infoButton),
      h('div', { class: 'hg-stat' }, h('span', {}, t('player')), h('strong', {}, state.player)),
      h('div', { class: 'hg-stat' }, h('span', {}, t('lastWin')), lastWin),
      h('div', { class: 'hg-stat hg-stat-balance' }, h('span', {}, t('balance')), balance),
    ),
    h('main', { class: 'hg-main' }, stage, h('aside', { class: 'hg-side' }, fair.panel, history.panel)),
  );

  opts.mount({
    api,
    state,
    stage,
    async play<TDetail>(input: unknown) {
      try {
        return await api.play<TDetail>(input);
      } catch (err) {
        if (err instanceof HouseApiError && err.balance !== null) {
          setBalance(err.balance);
          postBalance(err.balance);
        }
        showError(err);
        return null;
      }
    },
    showStakeTaken(result) {
      setBalance(result.balance - result.payout);
    },
    settle(result, summary) {
      setBalance(result.balance);
      lastWin.textContent = money(result.payout);
      lastWin.classList.toggle('hg-win', result.payout > 0);
      fair.update({ ...result.fairness, nonce: result.fairness.nonce + 1 });
      history.add(result, summary);
      postBalance(result.balance);
    },
    showError,
    showInfo,
    lang,
    rtp,
    setInfo(build) {
      info = build;
    },
  });
}
