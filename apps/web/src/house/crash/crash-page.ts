import { CRASH_RTP, crashPointOf } from '@playhall/contract/house-rules/crash';
import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { sha256Hex } from '@playhall/contract/house-rules/sha256';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion } from '../shared/dom.ts';
import { HouseApiError, readLaunch } from '../shared/house-api.ts';
import { postBalance } from '../shared/messages.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import { formatRtp } from '../shared/shell-text.ts';
import { localeTag } from '../shared/text.ts';
import { createCrashApi, newBetId, parseTarget, type TCrashView } from './crash-api.ts';
import { crashText } from './crash-text.ts';

/** Polling: twice a second in flight (the cash-out needs the players' list fresh), once a second otherwise. */
const POLL_FLIGHT_MS = 500;
const POLL_IDLE_MS = 1000;
const POLL_HIDDEN_MS = 3000;
export const CRASH_BETS: readonly number[] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((k) => k * STAKES.minStake);

/** "2.34×" from hundredths. */
export const x = (m: number): string => `${(m / 100).toFixed(2)}×`;

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#f2c14e';

/**
 * Rocket Crash: the shared round from the hash chain. The page polls the server's round, draws the curve live
 * from the server's take-off time and the clock offset (reduced motion: numbers only), takes a bet with an optional
 * auto cash-out during the betting phase, and cashes out in flight (button, Space or Enter). Its provably-fair
 * panel replaces the shell's seed panel: the published terminal hash and salt, and each revealed round hash with
 * a Verify that recomputes the crash point and hashes down to the terminal hash in the browser.
 */
export function mountCrash(ctx: TGameContext): void {
  const t = crashText();
  const locale = localeTag(ctx.lang);
  const api = createCrashApi(readLaunch(window.location.hash)?.token ?? '');
  const quiet = reducedMotion();

  let view: TCrashView | null = null;
  /** server time − local time, from the last answer. */
  let offset = 0;
  let betIndex = 2;
  let busy = false;
  let timer = 0;
  const settled = new Set<string>();
  const verified = new Map<number, HTMLElement>();

  // --- the stage: the curve, the big multiplier, the status line
  const canvas = h('canvas', { class: 'cr-canvas', role: 'img', 'aria-label': t('chart'), 'data-testid': 'cr-canvas', hidden: quiet });
  const big = h('div', { class: 'cr-big hg-num', 'data-testid': 'cr-multiplier' }, '1.00×');
  const status = h('div', { class: 'cr-status', 'data-testid': 'cr-status', 'aria-live': 'polite' }, '…');
  const mine = h('p', { class: 'cr-mine', 'data-testid': 'cr-mine', 'aria-live': 'polite' });

  // --- controls
  const betValue = h('strong', { class: 'hg-num cr-bet-value', 'data-testid': 'cr-bet' });
  const betDown = h('button', { type: 'button', class: 'hg-btn cr-step', 'aria-label': t('betDown'), onclick: () => stepBet(-1) }, '−');
  const betUp = h('button', { type: 'button', class: 'hg-btn cr-step', 'aria-label': t('betUp'), onclick: () => stepBet(1) }, '+');
  const auto = h('input', { class: 'hg-input cr-auto', inputmode: 'decimal', placeholder: t('autoPlaceholder'), 'aria-label': t('autoCashOut'), 'data-testid': 'cr-auto', maxlength: 9 });
  const betButton = h('button', { type: 'button', class: 'hg-btn hg-btn-primary cr-action', 'data-testid': 'cr-place', onclick: () => void placeBet() }, t('placeBet'));
  const cashButton = h('button', { type: 'button', class: 'hg-btn cr-action cr-cash', 'data-testid': 'cr-cashout', hidden: true, onclick: () => void cashOut() }, t('cashOut', { amount: '' }));

  // --- side lists
  const players = h('ul', { class: 'cr-players', 'data-testid': 'cr-players' });
  const history = h('div', { class: 'cr-history', 'data-testid': 'cr-history' }, h('span', { class: 'hg-muted' }, t('noHistory')));

  // --- the provably-fair panel (replaces the shell's per-member seeds)
  const terminal = h('code', { class: 'hg-code', 'data-testid': 'cr-terminal' }, '…');
  const salt = h('code', { class: 'hg-code', 'data-testid': 'cr-salt' }, '…');
  const revealed = h('ol', { class: 'cr-revealed', 'data-testid': 'cr-revealed' });
  const fairPanel = h('section', { class: 'hg-panel', 'data-testid': 'cr-fair' },
    h('h3', { class: 'hg-panel-title' }, t('fairTitle')),
    h('dl', {}, h('dt', {}, t('terminal')), h('dd', {}, terminal), h('dt', {}, t('salt')), h('dd', {}, salt)),
    h('p', { class: 'hg-muted cr-note' }, t('chainNote')),
    revealed,
  );
  document.querySelector('[data-testid="hg-fair"]')?.replaceWith(fairPanel);

  const serverNow = () => Date.now() + offset;
  const elapsed = (v: TCrashView) => serverNow() - new Date(v.round.bettingEndsAt).getTime();
  const liveMultiplier = (v: TCrashView) => Math.max(100, Math.floor(100 * Math.exp(v.growthPerMs * Math.max(0, elapsed(v)))));
  const canCashOut = (v: TCrashView | null) => !!v && v.phase === 'flight' && v.you?.status === 'open';
  const canBet = (v: TCrashView | null) => !!v && v.phase === 'betting' && !v.you && new Date(v.round.bettingEndsAt).getTime() > serverNow();

  function stepBet(d: number) {
    betIndex = Math.min(CRASH_BETS.length - 1, Math.max(0, betIndex + d));
    renderControls();
  }

  function renderControls() {
    const v = view;
    betValue.textContent = money(CRASH_BETS[betIndex] ?? STAKES.minStake);
    const locked = busy || !canBet(v);
    betDown.disabled = locked || betIndex === 0;
    betUp.disabled = locked || betIndex === CRASH_BETS.length - 1;
    auto.disabled = locked;
    betButton.disabled = locked;
    const cashable = canCashOut(v);
    betButton.hidden = cashable;
    cashButton.hidden = !cashable;
    cashButton.disabled = busy || !cashable;
    if (cashable && v?.you) cashButton.textContent = t('cashOut', { amount: money(Math.floor((v.you.stake * liveMultiplier(v)) / 100)) });
  }

  function renderMine(v: TCrashView) {
    const you = v.you;
    if (!you) {
      mine.textContent = v.phase === 'betting' ? '' : t('betsClosed');
      mine.className = 'cr-mine';
      return;
    }
    const parts = [t('yourBet', { stake: money(you.stake) })];
    if (you.autoCashOut) parts.push(t('yourAuto', { x: x(you.autoCashOut) }));
    if (you.status === 'won' && you.cashOut) parts.push(t('cashedOut', { x: x(you.cashOut), paid: money(you.payout) }));
    if (you.status === 'lost') parts.push(t('lost'));
    mine.textContent = parts.join(' · ');
    mine.className = `cr-mine ${you.status === 'won' ? 'is-won' : you.status === 'lost' ? 'is-lost' : ''}`;
  }

  function renderPlayers(v: TCrashView) {
    if (v.players.length === 0) {
      players.replaceChildren(h('li', { class: 'hg-muted' }, t('noPlayers')));
      return;
    }
    players.replaceChildren(...v.players.map((p) =>
      h('li', { class: p.you ? 'is-you' : '' },
        h('span', {}, p.player),
        h('span', { class: 'hg-num hg-muted' }, money(p.stake)),
        h('span', { class: `hg-num ${p.cashOut ? 'hg-win' : p.lost ? 'hg-loss' : ''}` }, p.cashOut ? x(p.cashOut) : p.lost ? t('lostShort') : '—'),
      ),
    ));
  }

  function renderHistory(v: TCrashView) {
    if (v.history.length === 0) return;
    history.replaceChildren(...v.history.map((r) => h('span', { class: `cr-chip ${r.crashPoint >= 200 ? 'is-high' : 'is-low'}`, title: t('roundLabel', { n: r.roundNo }) }, x(r.crashPoint))));
    revealed.replaceChildren(...v.history.slice(0, 8).map((r) => {
      let out = verified.get(r.roundNo);
      if (!out) {
        out = h('span', { class: 'cr-verdict', 'data-testid': 'cr-verdict' });
        verified.set(r.roundNo, out);
      }
      const result = out;
      const button = h('button', { type: 'button', class: 'hg-btn hg-btn-sm', 'data-testid': 'cr-verify', onclick: () => void verify(r, v.chain, result, button) }, t('verify'));
      return h('li', {},
        h('div', { class: 'cr-revealed-head' }, h('strong', {}, `${t('roundLabel', { n: r.roundNo })} · ${x(r.crashPoint)}`), button),
        h('code', { class: 'hg-code' }, r.roundHash),
        result,
      );
    }));
    if (verified.size > 40) for (const key of [...verified.keys()].slice(0, verified.size - 40)) verified.delete(key);
  }

  async function verify(r: TCrashView['history'][number], chain: TCrashView['chain'], out: HTMLElement, button: HTMLButtonElement) {
    button.disabled = true;
    out.textContent = t('verifying');
    out.className = 'cr-verdict';
    const point = crashPointOf(r.roundHash, chain.salt);
    // Hash down to the terminal hash in slices, so the page keeps drawing.
    let hash = r.roundHash;
    const SLICE = 2000;
    for (let done = 0; done < r.roundNo; done += SLICE) {
      const steps = Math.min(SLICE, r.roundNo - done);
      for (let i = 0; i < steps; i += 1) hash = sha256Hex(hash);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const ok = point === r.crashPoint && hash === chain.terminalHash;
    out.textContent = ok ? t('verifiedOk', { x: x(point), n: r.roundNo }) : t('verifiedBad');
    out.className = `cr-verdict ${ok ? 'hg-ok' : 'hg-bad'}`;
    button.disabled = false;
  }

  function renderStatus(v: TCrashView) {
    big.classList.toggle('is-crashed', v.phase === 'crashed');
    big.classList.toggle('is-flying', v.phase === 'flight');
    if (v.phase === 'betting') {
      const s = Math.max(0, (new Date(v.round.bettingEndsAt).getTime() - serverNow()) / 1000);
      status.textContent = t('betting', { s: s.toFixed(1) });
      big.textContent = '1.00×';
    } else if (v.phase === 'flight') {
      status.textContent = t('flying');
      big.textContent = x(liveMultiplier(v));
    } else {
      status.textContent = `${t('crashed', { x: x(v.round.crashPoint ?? 100) })} · ${t('opening')}`;
      big.textContent = x(v.round.crashPoint ?? 100);
    }
  }

  /** The curve from take-off to now (or to the crash), scaled to fit. */
  function draw(v: TCrashView) {
    if (quiet) return;
    const ratio = window.devicePixelRatio || 1;
    const w = canvas.clientWidth;
    const hgt = canvas.clientHeight;
    if (w === 0 || hgt === 0) return;
    if (canvas.width !== Math.round(w * ratio) || canvas.height !== Math.round(hgt * ratio)) {
      canvas.width = Math.round(w * ratio);
      canvas.height = Math.round(hgt * ratio);
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, w, hgt);
    const k = v.growthPerMs;
    const crashedAt = v.phase === 'crashed' && v.round.crashPoint ? Math.log(v.round.crashPoint / 100) / k : null;
    const tNow = v.phase === 'betting' ? 0 : crashedAt ?? Math.max(0, elapsed(v));
    const tMax = Math.max(8000, tNow * 1.15);
    const mMax = Math.max(2, Math.exp(k * tMax));
    const pad = { l: 48, r: 16, t: 16, b: 28 };
    const px = (ms: number) => pad.l + (ms / tMax) * (w - pad.l - pad.r);
    const py = (m: number) => hgt - pad.b - ((m - 1) / (mMax - 1)) * (hgt - pad.t - pad.b);
    // Grid: a few multipliers and seconds.
    g.strokeStyle = cssVar('--border');
    g.fillStyle = cssVar('--text-muted');
    g.lineWidth = 1;
    g.font = '11px system-ui, sans-serif';
    const stepM = mMax <= 3 ? 0.5 : mMax <= 6 ? 1 : mMax <= 20 ? 5 : Math.pow(10, Math.floor(Math.log10(mMax)));
    for (let m = 1; m <= mMax + 1e-9; m += stepM) {
      g.beginPath();
      g.moveTo(pad.l, py(m));
      g.lineTo(w - pad.r, py(m));
      g.stroke();
      g.fillText(`${m.toFixed(m < 10 ? 1 : 0)}×`, 6, py(m) + 4);
    }
    const stepS = tMax <= 12_000 ? 2000 : tMax <= 40_000 ? 5000 : 20_000;
    for (let s = 0; s <= tMax; s += stepS) g.fillText(`${s / 1000}s`, px(s) - 6, hgt - 8);
    if (v.phase === 'betting') return;
    const colour = v.phase === 'crashed' ? cssVar('--danger') : cssVar('--accent');
    g.strokeStyle = colour;
    g.lineWidth = 3;
    g.beginPath();
    const steps = 80;
    for (let i = 0; i <= steps; i += 1) {
      const ms = (tNow * i) / steps;
      const m = Math.exp(k * ms);
      if (i === 0) g.moveTo(px(ms), py(m));
      else g.lineTo(px(ms), py(m));
    }
    g.stroke();
    g.lineTo(px(tNow), py(1));
    g.lineTo(px(0), py(1));
    g.closePath();
    g.globalAlpha = 0.12;
    g.fillStyle = colour;
    g.fill();
    g.globalAlpha = 1;
    // The rocket at the tip.
    const tipX = px(tNow);
    const tipY = py(Math.exp(k * tNow));
    g.fillStyle = colour;
    g.beginPath();
    g.arc(tipX, tipY, v.phase === 'crashed' ? 9 : 6, 0, 2 * Math.PI);
    g.fill();
  }

  function frame() {
    const v = view;
    if (v) {
      // The local clock runs the phases between polls; the server's answer decides them.
      if (v.phase === 'betting' && serverNow() >= new Date(v.round.bettingEndsAt).getTime()) v.phase = 'flight';
      renderStatus(v);
      renderControls();
      draw(v);
    }
    if (quiet) window.setTimeout(frame, 200);
    else window.requestAnimationFrame(frame);
  }

  function settleMine(v: TCrashView) {
    const you = v.you;
    if (!you || you.status === 'open' || settled.has(you.roundId)) return;
    settled.add(you.roundId);
    const fairness = { serverSeedHash: v.chain.terminalHash, clientSeed: v.chain.salt, nonce: v.round.roundNo };
    const summary = you.status === 'won' ? t('summaryWon', { n: v.round.roundNo, x: x(you.cashOut ?? 0) }) : t('summaryLost', { n: v.round.roundNo, x: x(v.round.crashPoint ?? 100) });
    ctx.settle({ roundId: you.roundId, stake: you.stake, payout: you.payout, detail: null, balance: v.balance, fairness }, summary);
  }

  function apply(v: TCrashView, sentAt: number) {
    const receivedAt = Date.now();
    offset = new Date(v.serverTime).getTime() - (sentAt + receivedAt) / 2;
    view = v;
    terminal.textContent = v.chain.terminalHash;
    salt.textContent = v.chain.salt;
    renderMine(v);
    renderPlayers(v);
    renderHistory(v);
    renderStatus(v);
    renderControls();
    settleMine(v);
  }

  async function poll() {
    window.clearTimeout(timer);
    const sentAt = Date.now();
    try {
      apply(await api.state(), sentAt);
    } catch (err) {
      if (err instanceof HouseApiError && (err.code === 'not_logged_in' || err.code === 'session_expired')) {
        ctx.showError(err);
        return;
      }
      status.textContent = t('offline');
    }
    const wait = document.hidden ? POLL_HIDDEN_MS : view?.phase === 'flight' ? POLL_FLIGHT_MS : POLL_IDLE_MS;
    timer = window.setTimeout(() => void poll(), wait);
  }

  async function placeBet() {
    if (busy || !canBet(view)) return;
    const target = parseTarget(auto.value);
    if (target !== null && (Number.isNaN(target) || target < 101 || target > 1_000_000)) {
      ctx.showError(new HouseApiError('validation_failed', t('badAuto')));
      auto.focus();
      return;
    }
    busy = true;
    renderControls();
    const sentAt = Date.now();
    try {
      const next = await api.bet({ betId: newBetId(), amount: CRASH_BETS[betIndex] ?? STAKES.minStake, autoCashOut: target });
      apply(next, sentAt);
      ctx.showStakeTaken({ roundId: '', stake: 0, payout: 0, detail: null, balance: next.balance, fairness: { serverSeedHash: '', clientSeed: '', nonce: 0 } });
      postBalance(next.balance);
      mine.textContent = `${t('betPlaced')} ${mine.textContent ?? ''}`;
    } catch (err) {
      if (err instanceof HouseApiError && err.balance !== null) postBalance(err.balance);
      ctx.showError(err);
    } finally {
      busy = false;
      renderControls();
    }
  }

  async function cashOut() {
    if (busy || !canCashOut(view)) return;
    busy = true;
    renderControls();
    try {
      await api.cashOut();
    } catch (err) {
      ctx.showError(err);
    } finally {
      busy = false;
      // The round's state (with the payout) settles the history and the balance.
      await poll();
    }
  }

  window.addEventListener('keydown', (e) => {
    if ((e.key !== ' ' && e.key !== 'Enter') || e.repeat) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'BUTTON' || target.tagName === 'SELECT' || target.closest('dialog'))) return;
    if (target?.tagName === 'INPUT' && e.key === ' ') return;
    e.preventDefault();
    if (canCashOut(view)) void cashOut();
    else void placeBet();
  });
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) void poll();
  });

  ctx.setInfo(() =>
    h('div', { class: 'cr-info' },
      h('p', {}, t('infoIntro')),
      h('p', {}, t('infoRtp', { rtp: formatRtp(ctx.rtp ?? CRASH_RTP, locale) })),
      h('p', {}, t('growth', { k: view?.growthPerMs ?? 0.00006 })),
      h('p', {}, t('limits', { min: money(STAKES.minStake), max: money(view?.limits.maxStake ?? MAX_STAKE) })),
      h('p', { class: 'hg-muted' }, t('chainNote')),
    ),
  );

  renderControls();
  ctx.stage.append(
    h('div', { class: 'cr-room' },
      h('p', { class: 'cr-tagline' }, t('tagline', { rtp: formatRtp(ctx.rtp ?? CRASH_RTP, locale) })),
      h('div', { class: 'cr-screen' }, canvas, h('div', { class: 'cr-overlay' }, big, status)),
      mine,
      h('div', { class: 'cr-bar' },
        h('div', { class: 'cr-field' }, h('span', { class: 'cr-label' }, t('bet')), h('div', { class: 'cr-stepper' }, betDown, betValue, betUp)),
        h('label', { class: 'cr-field' }, h('span', { class: 'cr-label' }, t('autoCashOut')), auto),
        betButton,
        cashButton,
      ),
      h('div', { class: 'cr-foot' }, h('span', { class: 'hg-muted' }, t('limits', { min: money(STAKES.minStake), max: money(MAX_STAKE) })), h('span', { class: 'hg-muted' }, t('keys'))),
      h('div', { class: 'cr-lower' },
        h('section', { class: 'cr-box' }, h('h3', { class: 'cr-box-title' }, t('history')), history),
        h('section', { class: 'cr-box' }, h('h3', { class: 'cr-box-title' }, t('players')), players),
      ),
    ),
  );
  void poll();
  frame();
}
