import { commitOf, FairStream } from '@playhall/contract/house-rules/fair';
import type { HouseGame } from '@playhall/contract/house-rules/house-game';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion, svg } from '../shared/dom.ts';
import { houseCall, HouseApiError, type TPlayResult } from '../shared/house-api.ts';
import { postBalance } from '../shared/messages.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { localeTag } from '../shared/text.ts';
import { tableText } from './table-text.ts';

/**
 * The betting table both Vietnamese games share: a board of spots with their payouts, chips, the slip, the history
 * road, and either the single table (`POST /wps/house/play`, one round per click) or the room (launch fragment
 * `&room=`: `GET /wps/house/bet-room` polled every second, `POST …/bet-room/bet` with the round number; the room's
 * countdown, players (masked), the banker seat, the committed hash, the revealed seed and the re-check in the
 * browser with the same rules the server ran). The banker seat (issue 21): the house, or a member (masked) with the
 * bank and what it still covers this round; between rounds a member may take it with a bank
 * (`POST …/bet-room/bank`) and leave it (`…/bet-room/leave`); the banker does not bet in the rounds they bank.
 */

export interface TSpot<K extends string> {
  key: K;
  label: string;
  sub?: string;
  pays: string;
  /** SVG markup (viewBox 0 0 64 64) drawn on the spot. */
  art?: string;
}

export interface TTableGame<K extends string, TDetail extends { bets: { bet: K; stake: number; payout: number }[] }> {
  /** The rules the server runs (re-check of room rounds). */
  game: HouseGame<Partial<Record<K, number>>, TDetail>;
  className: string;
  spots: readonly TSpot<K>[];
  limits: { min: number; max: number };
  /** The published RTP lines of the info panel. */
  info: () => Node;
  /** The stage (bowl, dice) the game draws its result on. */
  stage: HTMLElement;
  /** Starts the shake/roll animation while the result is awaited (nothing under reduced motion). */
  shake(quick: boolean): void;
  /** Ends a shake that brought no result (a refused bet): the stage as it was. */
  stopShake(): void;
  /** Shows a result (animated unless quick). */
  reveal(detail: Pick<TDetail, Exclude<keyof TDetail, 'bets'>>, quick: boolean): Promise<void>;
  /** A bead of the history road and a one-line summary of a result. */
  bead(detail: Pick<TDetail, Exclude<keyof TDetail, 'bets'>>): HTMLElement;
  summary(detail: Pick<TDetail, Exclude<keyof TDetail, 'bets'>>): string;
  /** The spots a result wins. */
  wins(detail: Pick<TDetail, Exclude<keyof TDetail, 'bets'>>, spot: K): boolean;
}

interface TRoomView<R> {
  roomId: string;
  name: string;
  limits: { min: number; max: number };
  roundNo: number;
  serverSeedHash: string;
  clientSeed: string;
  serverTime: string;
  closesAt: string | null;
  bettingOpen: boolean;
  players: { player: string; you: boolean; stake: number }[];
  mine: { stake: number; bets: Record<string, number> } | null;
  banker?: 'house' | 'member';
  bankerSeat?: { player: string; you: boolean; bank: number; coverage: number } | null;
  bankLimits?: { min: number; max: number };
  lastRound: null | {
    roundNo: number; serverSeed: string; serverSeedHash: string; clientSeed: string; result: R;
    players: { player: string; you: boolean; stake: number; payout: number; bets: Record<string, number> }[];
    banker?: { player: string; you: boolean; bankBefore: number; net: number; rake: number; bankAfter: number } | null;
  };
  history: ({ roundNo: number } & R)[];
  balance?: number;
}

const HISTORY = 48;

export function mountBetTable<K extends string, TDetail extends { bets: { bet: K; stake: number; payout: number }[] }>(ctx: TGameContext, cfg: TTableGame<K, TDetail>): void {
  type TResult = Pick<TDetail, Exclude<keyof TDetail, 'bets'>>;
  const launch = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const lang = launch.get('lang') ?? 'EN';
  const roomId = launch.get('room');
  const token = launch.get('token') ?? '';
  const t = tableText();
  const locale = localeTag(lang);
  const chips = STAKES.baccaratChips.filter((c) => c <= cfg.limits.max);
  let chip = chips.find((c) => c >= cfg.limits.min * 10) ?? chips[0] ?? cfg.limits.min;
  const slip = new Map<K, number>();
  let busy = false;
  let room: TRoomView<TResult> | null = null;
  let limits = cfg.limits;

  // ---------------------------------------------------------------- board
  const spotEls = new Map<K, { button: HTMLButtonElement; amount: HTMLElement; outcome: HTMLElement }>();
  const board = h('div', { class: 'vt-board', role: 'group', 'aria-label': t('placeBet') });
  for (const spot of cfg.spots) {
    const amount = h('strong', { class: 'vt-spot-amount hg-num', 'data-testid': `vt-amount-${spot.key}` });
    const outcome = h('span', { class: 'vt-spot-outcome hg-num' });
    const button = h('button', { type: 'button', class: `vt-spot vt-spot-${spot.key}`, 'data-testid': `vt-spot-${spot.key}`, onclick: () => place(spot.key) },
      spot.art ? svg('0 0 64 64', spot.art, 'vt-spot-art') : null,
      h('span', { class: 'vt-spot-name' }, spot.label),
      spot.sub ? h('span', { class: 'vt-spot-sub' }, spot.sub) : null,
      h('span', { class: 'vt-spot-pays' }, t('pays', { odds: spot.pays })),
      amount,
      outcome,
    );
    spotEls.set(spot.key, { button, amount, outcome });
    board.append(button);
  }
  const chipButtons = chips.map((value) =>
    h('button', { type: 'button', class: 'vt-chip', 'data-testid': `vt-chip-${value}`, 'aria-label': `${t('chips')} ${money(value)}`, onclick: () => selectChip(value) },
      h('span', { class: 'hg-num' }, value >= 100_000_000 ? `${value / 100_000_000}M` : `${value / 100_000}K`)),
  );
  const totalBet = h('strong', { class: 'hg-num', 'data-testid': 'vt-total-bet' });
  const clear = h('button', { type: 'button', class: 'hg-btn', 'data-testid': 'vt-clear', onclick: () => clearSlip() }, t('clear'));
  const placeBtn = h('button', { type: 'button', class: 'hg-btn hg-btn-primary vt-place', 'data-testid': 'vt-place', onclick: () => void submit() }, t('placeBet'));
  const hint = h('p', { class: 'vt-hint', 'data-testid': 'vt-hint', 'aria-live': 'polite' }, t('hintPick'));
  const limitsLine = h('span', { class: 'vt-limits', 'data-testid': 'vt-limits' });
  const road = h('div', { class: 'vt-road', 'data-testid': 'vt-road' });
  const roadPanel = h('section', { class: 'hg-panel vt-road-panel' }, h('h3', { class: 'hg-panel-title' }, t('history')), road);
  const infoBtn = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'vt-info', onclick: () => ctx.showInfo(t('info'), cfg.info()) }, t('info'));

  function selectChip(value: number) {
    chip = value;
    chipButtons.forEach((b, i) => {
      b.classList.toggle('is-selected', chips[i] === value);
      b.setAttribute('aria-pressed', String(chips[i] === value));
    });
  }
  function clearOutcomes() {
    for (const el of spotEls.values()) {
      el.button.classList.remove('is-win', 'is-lose');
      el.outcome.textContent = '';
    }
  }
  function locked(): boolean {
    return busy || (room !== null && (room.mine !== null || !room.bettingOpen || room.bankerSeat?.you === true));
  }
  function render() {
    let total = 0;
    for (const [key, el] of spotEls) {
      const amount = room?.mine ? (room.mine.bets[key] ?? 0) : (slip.get(key) ?? 0);
      total += amount;
      el.amount.textContent = amount > 0 ? money(amount) : '';
      el.button.classList.toggle('has-bet', amount > 0);
      el.button.disabled = locked();
    }
    totalBet.textContent = money(total);
    placeBtn.disabled = locked() || slip.size === 0;
    clear.disabled = locked() || slip.size === 0;
    chipButtons.forEach((b) => (b.disabled = locked()));
    limitsLine.textContent = t('limits', { min: money(limits.min), max: money(limits.max) });
    renderBanker();
  }
  function place(key: K) {
    if (locked()) return;
    clearOutcomes();
    slip.set(key, Math.min(limits.max, (slip.get(key) ?? 0) + chip));
    render();
  }
  function clearSlip() {
    slip.clear();
    clearOutcomes();
    render();
  }
  function showOutcomes(result: TResult, bets: Record<string, number>) {
    for (const [key, el] of spotEls) {
      const stake = bets[key] ?? 0;
      const win = cfg.wins(result, key);
      el.button.classList.toggle('is-win', win);
      el.button.classList.toggle('is-lose', !win && stake > 0);
    }
  }
  const roadItems: TResult[] = [];
  function addToRoad(result: TResult) {
    roadItems.push(result);
    if (roadItems.length > HISTORY) roadItems.shift();
    road.replaceChildren(...roadItems.map((r) => cfg.bead(r)));
  }
  const slipInput = () => Object.fromEntries([...slip].filter(([, v]) => v > 0)) as Partial<Record<K, number>>;

  // ---------------------------------------------------------------- single table
  async function submitSolo() {
    busy = true;
    clearOutcomes();
    render();
    hint.textContent = t('hintNoMore');
    const quick = reducedMotion();
    cfg.shake(quick);
    try {
      const round = await ctx.play<TDetail>(slipInput());
      if (!round) {
        hint.textContent = t('hintRefused');
        cfg.stopShake();
        return;
      }
      ctx.showStakeTaken(round);
      await cfg.reveal(round.detail, quick);
      const bets = Object.fromEntries(round.detail.bets.map((b) => [b.bet, b.stake]));
      showOutcomes(round.detail, bets);
      for (const b of round.detail.bets) {
        const el = spotEls.get(b.bet);
        if (el) el.outcome.textContent = b.payout > 0 ? `+${money(b.payout - b.stake)}` : `−${money(b.stake)}`;
      }
      addToRoad(round.detail);
      hint.textContent = round.payout > 0 ? t('hintWin', { paid: money(round.payout), stake: money(round.stake) }) : t('hintLose');
      ctx.settle(round, `${cfg.summary(round.detail)} · ${round.payout > 0 ? `+${money(round.payout)}` : '0'}`);
    } finally {
      busy = false;
      render();
    }
  }

  // ---------------------------------------------------------------- banker seat (room)
  const bankerName = h('strong', { 'data-testid': 'vt-banker-name' }, t('bankerHouse'));
  const bankerBank = h('span', { class: 'vt-banker-bank hg-num', 'data-testid': 'vt-banker-bank' });
  const bankerCover = h('span', { class: 'vt-banker-cover hg-num', 'data-testid': 'vt-banker-coverage' });
  const bankSelect = h('select', { class: 'vt-bank-amount', 'data-testid': 'vt-bank-amount', 'aria-label': t('bankAmount') });
  const bankRange = h('span', { class: 'vt-bank-range hg-num', 'data-testid': 'vt-bank-range' });
  const takeSeat = h('button', { type: 'button', class: 'hg-btn hg-btn-sm hg-btn-primary', 'data-testid': 'vt-bank-take', onclick: () => void seatCall('take') }, t('takeSeat'));
  const leaveSeat = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'vt-bank-leave', onclick: () => void seatCall('leave') }, t('leaveSeat'));
  const bankForm = h('div', { class: 'vt-bank-form' }, h('label', { class: 'vt-bank-label' }, t('bankAmount'), bankSelect), bankRange, takeSeat);
  let bankOptionsFor = '';

  function renderBanker() {
    if (!room) return;
    const seat = room.bankerSeat ?? null;
    bankerName.textContent = seat ? (seat.you ? `${seat.player} (${t('you')})` : seat.player) : t('bankerHouse');
    bankerBank.textContent = seat ? t('bankerBank', { bank: money(seat.bank) }) : '';
    bankerCover.textContent = seat ? t('coverage', { amount: money(Math.max(0, seat.coverage)) }) : '';
    const range = room.bankLimits;
    if (range && bankOptionsFor !== `${range.min}:${range.max}`) {
      bankOptionsFor = `${range.min}:${range.max}`;
      const amounts = [1, 2, 5, 10, 20, 50, 100].map((m) => m * range.min).filter((v) => v <= range.max);
      bankSelect.replaceChildren(...amounts.map((v) => h('option', { value: String(v) }, money(v))));
      bankRange.textContent = t('bankLimits', { min: money(range.min), max: money(range.max) });
    }
    const between = room.players.length === 0 && !room.closesAt;
    bankForm.hidden = seat !== null;
    takeSeat.disabled = busy || !between;
    bankSelect.disabled = busy || !between;
    leaveSeat.hidden = !seat?.you;
    leaveSeat.disabled = busy || !between;
    takeSeat.title = between ? '' : t('seatBetweenRounds');
    leaveSeat.title = between ? '' : t('seatBetweenRounds');
  }

  async function seatCall(kind: 'take' | 'leave') {
    if (!room || busy) return;
    busy = true;
    render();
    try {
      const answer = kind === 'take'
        ? await houseCall<TRoomView<TResult>>(token, 'POST', '/wps/house/bet-room/bank', { amount: Number(bankSelect.value) })
        : await houseCall<TRoomView<TResult>>(token, 'POST', '/wps/house/bet-room/leave', {});
      const bank = room.bankerSeat?.bank ?? 0;
      if (typeof answer.balance === 'number') {
        ctx.showStakeTaken({ roundId: '', stake: 0, payout: 0, detail: null, balance: answer.balance, fairness: { serverSeedHash: '', clientSeed: '', nonce: 0 } });
        postBalance(answer.balance);
      }
      applyRoom(answer);
      hint.textContent = kind === 'take' ? t('bankTaken', { bank: money(answer.bankerSeat?.bank ?? 0) }) : t('bankLeft', { amount: money(bank) });
    } catch (err) {
      if (err instanceof HouseApiError && err.balance !== null) postBalance(err.balance);
      ctx.showError(err);
    } finally {
      busy = false;
      render();
    }
  }

  // ---------------------------------------------------------------- room
  const countdown = h('div', { class: 'vt-countdown', 'data-testid': 'vt-countdown', 'aria-live': 'polite' });
  const roundLabel = h('strong', { class: 'vt-round', 'data-testid': 'vt-round' });
  const playersList = h('ul', { class: 'vt-players', 'data-testid': 'vt-players' });
  const lastLine = h('p', { class: 'vt-last', 'data-testid': 'vt-last', 'aria-live': 'polite' });
  const code = (testid: string) => h('code', { class: 'hg-code', 'data-testid': testid });
  const fairHash = code('vt-fair-hash');
  const fairClient = code('vt-fair-client');
  const fairNonce = h('strong', { class: 'hg-num', 'data-testid': 'vt-fair-nonce' });
  const fairLast = h('div', { class: 'vt-fair-last', 'data-testid': 'vt-fair-last' }, t('recheckNone'));
  let clockSkew = 0;
  let shownRound = -1;

  async function submitRoom() {
    if (!room) return;
    busy = true;
    render();
    try {
      const answer = await houseCall<TRoomView<TResult>>(token, 'POST', '/wps/house/bet-room/bet', { roundNo: room.roundNo, bets: slipInput() });
      slip.clear();
      if (typeof answer.balance === 'number') {
        ctx.showStakeTaken({ roundId: '', stake: 0, payout: 0, detail: null, balance: answer.balance, fairness: { serverSeedHash: '', clientSeed: '', nonce: 0 } });
        postBalance(answer.balance);
      }
      applyRoom(answer);
      hint.textContent = t('slipPlaced', { n: answer.roundNo });
    } catch (err) {
      if (err instanceof HouseApiError && err.balance !== null) postBalance(err.balance);
      ctx.showError(err);
      hint.textContent = t('hintRefused');
    } finally {
      busy = false;
      render();
    }
  }

  function recheck(last: NonNullable<TRoomView<TResult>['lastRound']>): boolean {
    try {
      if (commitOf(last.serverSeed) !== last.serverSeedHash) return false;
      const me = last.players[0];
      const bets = (me?.bets ?? { [cfg.spots[0]?.key as K]: limits.min }) as Partial<Record<K, number>>;
      const replay = cfg.game.play(bets, new FairStream({ serverSeed: last.serverSeed, clientSeed: last.clientSeed, nonce: last.roundNo })).detail;
      const { bets: _ignored, ...result } = replay;
      return JSON.stringify(sorted(result)) === JSON.stringify(sorted(last.result));
    } catch {
      return false;
    }
  }

  async function showLastRound(view: TRoomView<TResult>, animate: boolean) {
    const last = view.lastRound;
    if (!last) return;
    const quick = !animate || reducedMotion();
    if (animate) cfg.shake(quick);
    await cfg.reveal(last.result, quick);
    const mine = last.players.find((p) => p.you);
    showOutcomes(last.result, mine?.bets ?? {});
    const banked = last.banker?.you ? last.banker : null;
    const signed = (v: number) => (v >= 0 ? `+${money(v - (banked?.rake ?? 0))}` : `−${money(-v)}`);
    lastLine.textContent = `${t('roomRound', { n: last.roundNo })}: ${cfg.summary(last.result)} — ${
      banked
        ? t('bankerResult', { net: signed(banked.net), rake: money(banked.rake), bank: money(banked.bankAfter) })
        : mine ? (mine.payout > 0 ? t('youWon', { amount: money(mine.payout) }) : t('youLost', { amount: money(mine.stake) })) : t('noBetThisRound')
    }`;
    if (animate && banked && !view.bankerSeat?.you) hint.textContent = t('bankReturned', { amount: money(banked.bankAfter) });
    lastLine.dataset.round = String(last.roundNo);
    const ok = recheck(last);
    fairLast.replaceChildren(
      h('h4', {}, t('fairLast', { n: last.roundNo })),
      h('dl', { class: 'hg-fair-list' }, h('dt', {}, t('fairSeed')), h('dd', {}, h('code', { class: 'hg-code', 'data-testid': 'vt-fair-seed' }, last.serverSeed))),
      h('p', { class: ok ? 'vt-check-ok' : 'vt-check-bad', 'data-testid': 'vt-recheck' }, ok ? `✓ ${t('recheckOk')}` : `✗ ${t('recheckBad')}`),
    );
    if (mine || banked) {
      try {
        const state = await ctx.api.state();
        ctx.showStakeTaken({ roundId: '', stake: 0, payout: 0, detail: null, balance: state.balance, fairness: { serverSeedHash: '', clientSeed: '', nonce: 0 } });
        postBalance(state.balance);
      } catch {
        /* the next poll's round shows it */
      }
    }
  }

  function applyRoom(view: TRoomView<TResult>) {
    room = view;
    limits = view.limits;
    clockSkew = new Date(view.serverTime).getTime() - Date.now();
    roundLabel.textContent = t('roomRound', { n: view.roundNo });
    fairHash.textContent = view.serverSeedHash;
    fairClient.textContent = view.clientSeed;
    fairNonce.textContent = String(view.roundNo);
    playersList.replaceChildren(
      ...(view.players.length === 0
        ? [h('li', { class: 'vt-player-empty' }, t('noPlayers'))]
        : view.players.map((p) => h('li', { class: p.you ? 'is-you' : '' }, h('span', {}, p.you ? `${p.player} (${t('you')})` : p.player), h('strong', { class: 'hg-num' }, money(p.stake))))),
    );
    tick();
    render();
  }

  function tick() {
    if (!room) return;
    if (!room.closesAt) {
      countdown.textContent = t('roomOpen');
      countdown.dataset.state = 'open';
      return;
    }
    const left = Math.ceil((new Date(room.closesAt).getTime() - (Date.now() + clockSkew)) / 1000);
    if (left > 0) {
      countdown.textContent = t('roomCountdown', { s: left.toLocaleString(locale) });
      countdown.dataset.state = 'counting';
    } else {
      countdown.textContent = t('roomClosed');
      countdown.dataset.state = 'closed';
      if (room.bettingOpen) {
        room.bettingOpen = false;
        render();
      }
    }
  }

  async function poll(first: boolean) {
    try {
      const view = await houseCall<TRoomView<TResult>>(token, 'GET', '/wps/house/bet-room');
      const isNew = view.lastRound !== null && view.lastRound.roundNo !== shownRound;
      if (first) {
        road.replaceChildren();
        roadItems.length = 0;
        for (const r of view.history) addToRoad(r);
      }
      applyRoom(view);
      if (isNew && view.lastRound) {
        shownRound = view.lastRound.roundNo;
        if (!first) addToRoad(view.lastRound.result);
        busy = true;
        render();
        try {
          await showLastRound(view, !first);
        } finally {
          busy = false;
          render();
        }
      }
    } catch (err) {
      if (first) ctx.showError(err);
    }
  }

  async function submit() {
    if (locked() || slip.size === 0) return;
    await (roomId ? submitRoom() : submitSolo());
  }

  // ---------------------------------------------------------------- layout
  selectChip(chip);
  render();
  const bar = h('div', { class: 'vt-bar' },
    h('div', { class: 'vt-chips', role: 'group', 'aria-label': t('chips') }, ...chipButtons),
    h('div', { class: 'vt-bar-total' }, h('span', {}, t('totalBet')), totalBet),
    clear,
    placeBtn,
  );
  const head = h('div', { class: 'vt-head' }, limitsLine, infoBtn);
  if (roomId) {
    const bankerSeat = h('div', { class: 'vt-banker', 'data-testid': 'vt-banker' },
      h('div', { class: 'vt-banker-who' }, h('span', { class: 'vt-banker-label' }, t('banker')), bankerName, bankerBank, bankerCover),
      h('div', { class: 'vt-banker-controls' }, bankForm, leaveSeat),
    );
    ctx.stage.append(
      h('div', { class: `vt-room ${cfg.className}` },
        h('div', { class: 'vt-room-top' }, roundLabel, countdown),
        h('div', { class: 'vt-table' }, bankerSeat, cfg.stage, lastLine, board),
        head, hint, bar,
        h('section', { class: 'vt-players-panel' }, h('h3', {}, t('players')), playersList),
      ),
    );
    const fairPanel = h('section', { class: 'hg-panel', 'data-testid': 'vt-fair' },
      h('h3', { class: 'hg-panel-title' }, t('fairTitle')),
      h('dl', { class: 'hg-fair-list' }, h('dt', {}, t('fairCommitted')), h('dd', {}, fairHash), h('dt', {}, t('fairClient')), h('dd', {}, fairClient), h('dt', {}, t('fairNonce')), h('dd', {}, fairNonce)),
      fairLast,
    );
    document.querySelector('[data-testid="hg-fair"]')?.replaceWith(fairPanel);
    document.querySelector('.hg-side')?.append(roadPanel);
    void poll(true);
    let timer = 0;
    const loop = () => {
      window.clearInterval(timer);
      if (document.visibilityState === 'visible') timer = window.setInterval(() => void poll(false), 1000);
    };
    document.addEventListener('visibilitychange', loop);
    loop();
    window.setInterval(tick, 250);
  } else {
    ctx.stage.append(h('div', { class: `vt-room ${cfg.className}` }, h('div', { class: 'vt-table' }, cfg.stage, board), head, hint, bar));
    document.querySelector('.hg-side')?.append(roadPanel);
  }
  if (roadItems.length === 0) road.append(h('span', { class: 'vt-road-empty' }, t('historyEmpty')));
}

/** JSON with sorted keys (jsonb reorders them). */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)]));
  return value;
}

export type { TPlayResult };
