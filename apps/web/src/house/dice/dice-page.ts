import { diceText } from './dice-text.ts';
import { h, reducedMotion, sleep, svg } from '../shared/dom.ts';
import { HouseApiError, readLaunch, type TPlayResult } from '../shared/house-api.ts';
import { describeError, postBalance } from '../shared/messages.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { createRoomApi, type TLastRound, type TRoomAnswer, type TRoomSeat, type TRoomView } from './dice-api.ts';
import { CROWN, DICE_DEFS, DIE_SLOT, dieFace, SEAT_ICON } from './dice-art.ts';
import { canCheck, opensslCommand, recomputeDice, sha256Hex } from './dice-fair.ts';

/** The room is read every second while the page is visible. */
const POLL_MS = 1000;
/** The server's countdown once the minimum sits (dice-room.service.ts ROOM_COUNTDOWN_MS): the ring's full turn. */
const COUNTDOWN_MS = 15_000;
/** The dice tumble this long, then land one seat after the other. */
const ROLL_MS = 1100;
const SEAT_STAGGER_MS = 320;
const RING = 2 * Math.PI * 44;

const SHIELD =
  '<path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>';

const die = (value: number | null, className = 'dice-die') => svg('0 0 100 100', value === null ? DIE_SLOT : dieFace(value), className);
const code = (text: string, testId?: string) => h('code', { class: 'hg-code', 'data-testid': testId }, text);
const randomFace = () => 1 + Math.floor(Math.random() * 6);
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The server's mask of another member's name (games/catalogue.service.ts maskAccount). */
const maskName = (name: string) => (name.length <= 3 ? `${name[0] ?? ''}***` : `${name.slice(0, 2)}***${name.slice(-1)}`);

/** Seat spots around the oval table, clockwise from the left, as percentages of the table box. */
function seatPosition(i: number, n: number): { left: number; top: number } {
  const angle = Math.PI + ((i + 0.5) * 2 * Math.PI) / n;
  return { left: 50 + 43 * Math.cos(angle), top: 50 + 41 * Math.sin(angle) };
}

/**
 * Dice Duel, the PVP room: members pay the ante to sit; once the minimum sits the server counts down and rolls
 * two dice per seat with the seed it committed before anyone paid; the highest total takes the pot (antes less
 * the rake), ties split it. The page polls the room, animates each new round, and checks the revealed seed.
 */
export function mountDice(ctx: TGameContext): void {
  const t = diceText();
  const launch = readLaunch(window.location.hash);
  const api = createRoomApi(launch?.token ?? '');
  document.body.append(svg('0 0 0 0', `<defs>${DICE_DEFS}</defs>`, 'dice-defs'));

  let room: TRoomView | null = null;
  let clockOffset = 0;
  let busy = false;
  let stopped = false;
  let offline = false;
  let balance = ctx.state.balance;
  /** Whether the room has been read once (rounds rolled after that are animated). */
  let loaded = false;
  /** The last round drawn on the result board (-1: none yet). */
  let shownRound = -1;
  /** Requests are numbered: an answer older than one already applied is dropped. */
  let sent = 0;
  let applied = 0;
  /** Round number → the member's seat index in it, learnt while it was gathered (the result masks every name). */
  const mySeat = new Map<number, number>();
  /** Round number → the seed hash this page showed while the round was gathered. */
  const committed = new Map<number, string>();

  // ---------------------------------------------------------------- the table
  const roomName = h('span', { class: 'dice-room-name', 'data-testid': 'dice-room-name' });
  const roundLabel = h('span', { class: 'dice-round hg-num', 'data-testid': 'dice-round' });
  const seatsLayer = h('div', { class: 'dice-seats' });
  const ring = svg('0 0 100 100', `<circle cx="50" cy="50" r="44" class="dice-ring-track"/><circle cx="50" cy="50" r="44" class="dice-ring-bar" stroke-dasharray="${RING}" transform="rotate(-90 50 50)"/>`, 'dice-ring');
  const countdown = h('strong', { class: 'dice-count hg-num', 'data-testid': 'dice-countdown' });
  const clock = h('div', { class: 'dice-clock', hidden: true }, ring, h('div', { class: 'dice-clock-text' }, countdown, h('span', {}, t('seconds'))));
  const idle = h('div', { class: 'dice-idle' }, die(5, 'dice-idle-die'), die(2, 'dice-idle-die'));
  const status = h('p', { class: 'dice-status', 'data-testid': 'dice-status', 'aria-live': 'polite' });
  const banner = h('div', { class: 'dice-banner', 'data-testid': 'dice-banner', hidden: true });
  const table = h('div', { class: 'dice-table', 'data-testid': 'dice-table' },
    h('div', { class: 'dice-felt' }, h('div', { class: 'dice-centre' }, roundLabel, clock, idle, status, banner)),
    seatsLayer,
  );

  // ---------------------------------------------------------------- the controls
  const anteValue = h('strong', { class: 'hg-num', 'data-testid': 'dice-ante' });
  const potValue = h('strong', { class: 'hg-num', 'data-testid': 'dice-pot' });
  const seatedValue = h('strong', { class: 'hg-num', 'data-testid': 'dice-seated' });
  const sit = h('button', { type: 'button', class: 'hg-btn hg-btn-primary dice-action', 'data-testid': 'dice-sit', onclick: () => void act('join') });
  const leave = h('button', { type: 'button', class: 'hg-btn dice-action', 'data-testid': 'dice-leave', onclick: () => void act('leave') }, t('leave'));
  const hint = h('p', { class: 'hg-muted dice-hint', 'data-testid': 'dice-hint' });
  const connection = h('span', { class: 'dice-connection', 'data-testid': 'dice-connection', hidden: true }, t('reconnecting'));
  const controls = h('div', { class: 'dice-controls' },
    h('div', { class: 'dice-figure' }, h('span', {}, t('ante')), anteValue),
    h('div', { class: 'dice-figure' }, h('span', {}, t('seated')), seatedValue),
    h('div', { class: 'dice-figure' }, h('span', {}, t('antesIn')), potValue),
    h('div', { class: 'dice-buttons' }, sit, leave),
  );

  // ---------------------------------------------------------------- the last round
  const resultTitle = h('span', { class: 'hg-muted hg-num', 'data-testid': 'dice-result-round' });
  const resultSeats = h('div', { class: 'dice-result-seats' });
  const summary = h('dl', { class: 'dice-summary', 'data-testid': 'dice-summary', hidden: true });
  const emptyResult = h('div', { class: 'dice-empty' }, svg('0 0 100 50', `<g transform="translate(0 0) scale(.5)">${DIE_SLOT}</g><g transform="translate(50 0) scale(.5)">${DIE_SLOT}</g>`, 'dice-empty-art'), h('p', {}, t('noRoundYet')));
  const result = h('section', { class: 'dice-result', 'data-testid': 'dice-result' },
    h('header', { class: 'dice-result-head' }, h('h3', {}, t('lastRound')), resultTitle),
    emptyResult,
    resultSeats,
    summary,
  );

  // ---------------------------------------------------------------- the fairness panel (the room's seeds)
  const fairRound = h('h4', { 'data-testid': 'dice-fair-round' });
  const fairHash = code('', 'dice-fair-hash');
  const fairClient = code('', 'dice-fair-client');
  const fairNonce = h('strong', { class: 'hg-num', 'data-testid': 'dice-fair-nonce' });
  const revealed = h('div', { class: 'hg-revealed', 'data-testid': 'dice-revealed', hidden: true });
  const fairPanel = h('section', { class: 'hg-panel', 'data-testid': 'dice-fair' },
    h('h3', { class: 'hg-panel-title' }, svg('0 0 24 24', SHIELD, 'hg-icon'), t('fairTitle')),
    fairRound,
    h('dl', {},
      h('dt', {}, t('fairHash')), h('dd', {}, fairHash),
      h('dt', {}, t('fairClient')), h('dd', {}, fairClient),
      h('dt', {}, t('fairNonce')), h('dd', {}, fairNonce),
    ),
    h('p', { class: 'hg-muted' }, t('fairExplain')),
    revealed,
  );
  // The room plays under the room's seeds, not the member's own: the shell's seed panel is not this game's.
  document.querySelector('[data-testid="hg-fair"]')?.replaceWith(fairPanel);

  ctx.stage.append(
    h('div', { class: 'dice-room' },
      h('div', { class: 'dice-head' }, h('h1', {}, t('title')), roomName, connection),
      table,
      controls,
      hint,
      result,
    ),
  );

  // ---------------------------------------------------------------- balance
  function showBalance(value: number) {
    balance = value;
    // The shell's top bar shows the balance a round's answer carries; here it comes from the state call.
    ctx.showStakeTaken({ roundId: '', stake: 0, payout: 0, detail: null, balance: value, fairness: { serverSeedHash: '', clientSeed: '', nonce: 0 } });
    postBalance(value);
  }

  async function refreshBalance(expected?: number): Promise<number> {
    // A round's credits are paid just after the room shows the result: wait a little for the expected one.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const state = await ctx.api.state();
        if (expected === undefined || state.balance === expected || attempt >= 6) {
          showBalance(state.balance);
          return state.balance;
        }
      } catch (err) {
        if (attempt >= 6) {
          ctx.showError(err);
          return balance;
        }
      }
      await sleep(800);
    }
  }

  // ---------------------------------------------------------------- drawing
  const remainingMs = () => (room?.nextRoundAt ? Date.parse(room.nextRoundAt) - (Date.now() + clockOffset) : null);

  function seatEl(seat: TRoomSeat | undefined, i: number, n: number, ante: number): HTMLElement {
    const { left, top } = seatPosition(i, n);
    const style = `left:${left.toFixed(2)}%;top:${top.toFixed(2)}%`;
    if (!seat) {
      return h('div', { class: 'dice-seat is-open', style }, h('span', { class: 'dice-avatar' }, svg('0 0 24 24', SEAT_ICON)), h('div', {}, h('strong', {}, t('openSeat')), h('span', {}, t('seatNo', { n: i + 1 }))));
    }
    return h('div', { class: `dice-seat${seat.you ? ' is-you' : ''}`, style, 'data-testid': 'dice-seat' },
      h('span', { class: 'dice-avatar' }, seat.player.slice(0, 1).toUpperCase()),
      h('div', {}, h('strong', {}, seat.player), h('span', { class: 'hg-num' }, seat.you ? t('youAnte', { amount: money(ante) }) : t('antePaid', { amount: money(ante) }))),
    );
  }

  function render() {
    if (!room) return;
    const r = room;
    roomName.textContent = r.name;
    roundLabel.textContent = t('round', { n: r.roundNo });
    seatsLayer.replaceChildren(...Array.from({ length: r.maxPlayers }, (_, i) => seatEl(r.seats[i], i, r.maxPlayers, r.ante)));
    anteValue.textContent = money(r.ante);
    potValue.textContent = money(r.ante * r.seats.length);
    seatedValue.textContent = `${r.seats.length} / ${r.maxPlayers}`;
    fairRound.textContent = t('roundGathered', { n: r.roundNo });
    fairHash.textContent = r.serverSeedHash;
    fairClient.textContent = r.clientSeed;
    fairNonce.textContent = String(r.roundNo);
    connection.hidden = !offline;
    tick();
  }

  /** The parts that move with the clock: countdown, status and the buttons' states. */
  function tick() {
    if (!room) return;
    const r = room;
    const left = remainingMs();
    const counting = left !== null && left > 0;
    const rolling = left !== null && left <= 0;
    const full = r.seats.length >= r.maxPlayers;
    clock.hidden = !counting;
    idle.hidden = counting;
    idle.classList.toggle('is-shaking', rolling);
    if (counting) {
      countdown.textContent = String(Math.ceil(left / 1000));
      const bar = ring.lastElementChild as SVGElement | null;
      bar?.style.setProperty('stroke-dashoffset', String(RING * (1 - Math.min(1, left / COUNTDOWN_MS))));
    }
    const need = Math.max(0, r.minPlayers - r.seats.length);
    status.textContent = stopped
      ? t('closed')
      : rolling
        ? t('rolling')
        : counting
          ? full
            ? t('fullCountdown')
            : t('countdown')
          : t('waiting', { need, min: r.minPlayers });
    status.dataset.state = stopped ? 'closed' : rolling ? 'rolling' : counting ? 'countdown' : 'waiting';
    sit.disabled = busy || stopped || r.seated || full || rolling;
    leave.disabled = busy || stopped || !r.seated || rolling;
    sit.textContent = r.seated ? t('sitSeated') : full ? t('tableFull') : t('sitPay', { amount: money(r.ante) });
    hint.textContent = r.seated
      ? t('hintSeated', { n: r.roundNo, amount: money(r.ante) })
      : t('hintSit', { amount: money(r.ante), rake: (r.lastRound?.rakeBasisPoints ?? 500) / 100 });
  }

  // ---------------------------------------------------------------- a rolled round
  function resultCard(seat: TLastRound['seats'][number], you: boolean) {
    const dice = seat.dice.map(() => die(null));
    const total = h('strong', { class: 'hg-num dice-total-value' }, '–');
    const outcome = h('span', { class: 'dice-outcome hg-num' });
    const card = h('div', { class: `dice-card${you ? ' is-you' : ''}`, 'data-testid': 'dice-result-seat' },
      h('div', { class: 'dice-card-head' }, svg('0 0 24 24', CROWN, 'dice-crown'), h('strong', {}, you ? t('you') : seat.player), you ? h('span', { class: 'dice-you' }, seat.player) : null),
      h('div', { class: 'dice-pair' }, ...dice),
      h('div', { class: 'dice-total' }, h('span', {}, t('total')), total),
      outcome,
    );
    const land = () => {
      dice.forEach((d, i) => d.replaceWith((dice[i] = die(seat.dice[i] ?? 1, 'dice-die is-landed'))));
      total.textContent = String(seat.total);
      card.classList.add('is-landed');
    };
    const finish = () => {
      card.classList.toggle('is-winner', seat.winner);
      outcome.textContent = seat.winner ? t('seatWins', { amount: money(seat.payout) }) : t('seatLoses', { amount: money(seat.stake) });
      outcome.classList.add(seat.winner ? 'hg-win' : 'hg-loss');
    };
    return { card, dice, land, finish };
  }

  function describeWinners(last: TLastRound, me: number | undefined): string {
    const winners = last.seats.map((s, i) => ({ s, i })).filter((x) => x.s.winner);
    const first = winners[0];
    if (!first) return t('noWinner');
    if (winners.length === 1) return first.i === me ? t('youWin', { amount: money(first.s.payout) }) : t('playerWins', { player: first.s.player, amount: money(first.s.payout) });
    return t(winners.some((x) => x.i === me) ? 'tieYou' : 'tie', { count: winners.length, total: first.s.total, amount: money(first.s.payout) });
  }

  let bannerTimer = 0;
  async function showRound(last: TLastRound, animate: boolean) {
    const me = mySeat.get(last.roundNo);
    // A round played before this page opened: the member's seat is the one under their masked name, if only one is.
    const masked = maskName(ctx.state.player);
    const guess = last.seats.filter((s) => s.player === masked).length === 1 ? last.seats.findIndex((s) => s.player === masked) : -1;
    resultTitle.textContent = `#${last.roundNo} · ${time(last.at)}`;
    emptyResult.remove();
    const cards = last.seats.map((s, i) => resultCard(s, me === undefined ? i === guess : i === me));
    resultSeats.replaceChildren(...cards.map((c) => c.card));
    summary.hidden = true;
    void showRevealed(last);
    if (animate && !reducedMotion()) {
      const tumble = window.setInterval(() => {
        for (const c of cards) if (!c.card.classList.contains('is-landed')) c.dice.forEach((d) => (d.innerHTML = dieFace(randomFace())));
      }, 90);
      cards.forEach((c) => c.dice.forEach((d) => d.classList.add('is-rolling')));
      await sleep(ROLL_MS);
      for (const c of cards) {
        c.land();
        await sleep(SEAT_STAGGER_MS);
      }
      window.clearInterval(tumble);
    } else {
      cards.forEach((c) => c.land());
    }
    cards.forEach((c) => c.finish());
    const staked = last.ante * last.seats.length;
    const paid = last.seats.reduce((n, s) => n + s.payout, 0);
    summary.replaceChildren(
      h('div', {}, h('dt', {}, t('antes')), h('dd', { class: 'hg-num' }, `${last.seats.length} × ${money(last.ante)} = ${money(staked)}`)),
      h('div', {}, h('dt', {}, t('rake', { rake: last.rakeBasisPoints / 100 })), h('dd', { class: 'hg-num' }, money(staked - last.pot))),
      h('div', {}, h('dt', {}, t('pot')), h('dd', { class: 'hg-num dice-pot-value', 'data-testid': 'dice-result-pot' }, money(last.pot))),
      h('div', {}, h('dt', {}, t('paidOut')), h('dd', { class: 'hg-num' }, money(paid))),
      h('div', {}, h('dt', {}, t('houseTake')), h('dd', { class: 'hg-num' }, money(last.houseTake))),
    );
    summary.hidden = false;
    if (!animate) return;
    banner.textContent = describeWinners(last, me);
    banner.classList.toggle('is-you', me !== undefined && last.seats[me]?.winner === true);
    banner.hidden = false;
    window.clearTimeout(bannerTimer);
    bannerTimer = window.setTimeout(() => (banner.hidden = true), 6000);
    const seat = me === undefined ? undefined : last.seats[me];
    if (!seat) return;
    // The member's own round: the balance the server now holds, the shell's last win and recent rounds.
    const now = await refreshBalance(seat.payout > 0 ? balance + seat.payout : undefined);
    const round: TPlayResult<TLastRound> = {
      roundId: `PH_DICE-${room?.roomId ?? ''}-${last.roundNo}`,
      stake: seat.stake,
      payout: seat.payout,
      detail: last,
      balance: now,
      fairness: { serverSeedHash: last.serverSeedHash, clientSeed: last.clientSeed, nonce: last.roundNo },
    };
    ctx.settle(round, seat.winner ? t('histWon', { total: seat.total, amount: money(seat.payout) }) : t('histLost', { total: seat.total, best: Math.max(...last.seats.map((s) => s.total)) }));
  }

  async function showRevealed(last: TLastRound) {
    const shown = committed.get(last.roundNo);
    const items: Node[] = [
      h('h4', {}, t('revealedTitle', { n: last.roundNo })),
      h('dl', {},
        h('dt', {}, t('serverSeed')), h('dd', {}, code(last.serverSeed, 'dice-revealed-seed')),
        h('dt', {}, t('itsHash')), h('dd', {}, code(last.serverSeedHash, 'dice-revealed-hash')),
      ),
    ];
    revealed.replaceChildren(...items, h('p', { class: 'hg-muted', 'data-testid': 'dice-seed-check' }, t('checking')));
    revealed.hidden = false;
    if (!canCheck()) {
      revealed.replaceChildren(...items, h('p', { class: 'hg-muted', 'data-testid': 'dice-seed-check' }, t('noSubtle')), ...commands(last));
      return;
    }
    const [digest, dice] = await Promise.all([sha256Hex(last.serverSeed), recomputeDice(last.serverSeed, last.clientSeed, last.roundNo, last.seats.length)]);
    const hashOk = digest === last.serverSeedHash && (shown === undefined || shown === last.serverSeedHash);
    const diceOk = dice.every((d, i) => d.join() === last.seats[i]?.dice.join());
    const line = (ok: boolean, testId: string, good: string, bad: string) => h('p', { class: ok ? 'hg-ok' : 'hg-bad', 'data-testid': testId }, ok ? `✓ ${good}` : `✗ ${bad}`);
    if (room?.lastRound?.roundNo !== last.roundNo && shownRound !== last.roundNo) return;
    revealed.replaceChildren(
      ...items,
      line(hashOk, 'dice-seed-check', shown === undefined ? t('hashOkCommitted') : t('hashOkShown'), t('hashBad')),
      line(diceOk, 'dice-dice-check', t('diceOk'), t('diceBad')),
      ...commands(last),
    );
  }

  function commands(last: TLastRound): Node[] {
    return [
      h('p', { class: 'hg-muted' }, t('checkYourself')),
      code(`printf %s '${last.serverSeed}' | sha256sum`),
      code(opensslCommand(last.clientSeed, last.roundNo, last.serverSeed), 'dice-openssl'),
    ];
  }

  // ---------------------------------------------------------------- the room's answers
  function apply(answer: TRoomAnswer, seq: number) {
    if (seq < applied) return;
    applied = seq;
    room = answer.room;
    clockOffset = answer.clockOffset;
    committed.set(room.roundNo, room.serverSeedHash);
    const me = room.seats.findIndex((s) => s.you);
    if (me >= 0) mySeat.set(room.roundNo, me);
    else mySeat.delete(room.roundNo);
    const last = room.lastRound;
    if (last && last.roundNo !== shownRound) {
      shownRound = last.roundNo;
      // The round already there when the page opened is drawn as it landed; a new one is rolled.
      void showRound(last, loaded);
    }
    loaded = true;
    render();
  }

  function fail(err: unknown): boolean {
    const e = err instanceof HouseApiError ? err : new HouseApiError('error', t('somethingWrong'));
    if (describeError(e).fatal) {
      stopped = true;
      window.clearTimeout(timer);
      ctx.showError(e);
      render();
      return true;
    }
    return false;
  }

  let timer = 0;
  let polling = false;
  async function poll() {
    window.clearTimeout(timer);
    if (stopped || polling) return;
    polling = true;
    const seq = (sent += 1);
    try {
      apply(await api.room(), seq);
      offline = false;
    } catch (err) {
      if (!fail(err)) offline = true;
      render();
    } finally {
      polling = false;
      schedule();
    }
  }
  function schedule() {
    window.clearTimeout(timer);
    if (!stopped && document.visibilityState === 'visible') timer = window.setTimeout(() => void poll(), POLL_MS);
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void poll();
    else window.clearTimeout(timer);
  });

  async function act(kind: 'join' | 'leave') {
    if (busy || stopped) return;
    busy = true;
    tick();
    const seq = (sent += 1);
    try {
      apply(await (kind === 'join' ? api.join() : api.leave()), seq);
      await refreshBalance();
    } catch (err) {
      if (err instanceof HouseApiError && err.balance !== null) showBalance(err.balance);
      if (!fail(err)) ctx.showError(err);
      void poll();
    } finally {
      busy = false;
      tick();
    }
  }

  window.setInterval(tick, 250);
  status.textContent = t('loading');
  sit.textContent = t('sitIn');
  sit.disabled = true;
  leave.disabled = true;
  void poll();
}
