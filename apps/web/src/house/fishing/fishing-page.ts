import { MAX_STAKE } from '@playhall/contract/house-rules/house-game';
import { STAKES } from '@playhall/contract/stakes';
import { h, reducedMotion } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import type { THouseState, TPlayResult } from '../shared/house-api.ts';
import { drawDragonSeaCreature } from './dragon-art.ts';
import { drawFish } from './fish-art.ts';
import { DRAGON_FISH, DRAGON_LEVELS, DRAGON_WEAPONS, FISH, SHOT_BETS, type TFishingDetail, type TFishKind, type TWeaponKind, type TWeaponShotDetail } from './fishing-rules.ts';
import { fishingText, fishName } from './fishing-text.ts';

/** How tall a fish is for hit tests, as a share of its length. */
const HIT_HEIGHT: Record<string, number> = {
  pufferfish: 0.42, manta: 0.45, turtle: 0.3, octopus: 0.28, shark: 0.14, 'golden-dragon': 0.14,
  crab: 0.4, jellyfish: 0.32, seahorse: 0.45, swordfish: 0.12, hammerhead: 0.16, whale: 0.2, kraken: 0.25, 'dragon-turtle': 0.3,
};

/** A title's sea: its creatures and how they are drawn, its colours, and (Dragon Fishing) its weapons. */
interface TSea {
  fish: readonly TFishKind[];
  draw: (c: CanvasRenderingContext2D, code: string, length: number, t: number) => void;
  weapons: readonly TWeaponKind[] | null;
  levels: readonly number[] | null;
  water: readonly [string, string, string];
  rays: string;
  sand: string;
  rock: string;
  weed: readonly [string, string];
}

const OCEAN_SEA: TSea = {
  fish: FISH, draw: drawFish, weapons: null, levels: null,
  water: ['#0f5f9e', '#0b3d6e', '#061a33'], rays: '160 220 255', sand: '#c9a86a', rock: '#5b6478', weed: ['#2fbf71', '#1f9a58'],
};

/** Dragon Fishing: a dusk sea over a red-coral reef. */
const DRAGON_SEA: TSea = {
  fish: DRAGON_FISH, draw: drawDragonSeaCreature, weapons: DRAGON_WEAPONS, levels: DRAGON_LEVELS,
  water: ['#1d6f86', '#163a66', '#1a0d2e'], rays: '255 210 150', sand: '#9b7550', rock: '#3b2a45', weed: ['#e2323f', '#f07a3a'],
};

/** The sea of the launched title (the catalogue's houseGame, or the game id). */
export function seaOf(game: THouseState['game']): TSea {
  return game.houseGame === 'fishing-dragon' || game.gameId === 'dragon-fishing' ? DRAGON_SEA : OCEAN_SEA;
}
const BULLET_SPEED = 1100;
const MAX_QUEUED_SHOTS = 3;
const SEABED = 70;

interface TFish {
  id: number;
  kind: TFishKind;
  x: number;
  y: number;
  dir: 1 | -1;
  phase: number;
  caughtAt: number | null;
  flashUntil: number;
}

interface TEffect {
  kind: 'net' | 'coins' | 'text' | 'splash' | 'bolt';
  x: number;
  y: number;
  start: number;
  text?: string;
  /** net: its radius; bolt: the points it jumps through. */
  radius?: number;
  points?: { x: number; y: number }[];
}

interface TBullet {
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  start: number;
  arrives: number;
}

function randomKind(kinds: readonly TFishKind[]): TFishKind {
  const totalWeight = kinds.reduce((n, f) => n + f.weight, 0);
  let r = Math.random() * totalWeight;
  for (const kind of kinds) {
    if (r < kind.weight) return kind;
    r -= kind.weight;
  }
  return kinds[0] as TFishKind;
}

/** A small picture of a fish for the legend. */
function fishIcon(kind: TFishKind, drawFish: TSea['draw']): HTMLCanvasElement {
  const canvas = h('canvas', { width: 112, height: 64, class: 'fish-icon', 'aria-hidden': 'true' });
  const c = canvas.getContext('2d');
  if (c) {
    c.translate(56, 32);
    const scale = Math.min(1, 96 / (kind.length * 1.15));
    c.scale(scale, scale);
    drawFish(c, kind.code, kind.length, 0.3);
  }
  return canvas;
}

/**
 * The fishing game: fish swim across the sea; each click (or Enter/Space at the keyboard's aim) is a shot at the
 * fish under the cursor. Dragon Fishing adds weapons (a net over up to two fish, lightning chaining up to five)
 * and cannon levels.
 */
export function mountFishing(ctx: TGameContext): void {
  const sea = seaOf(ctx.state.game);
  const t = fishingText();
  const nameOf = fishName;
  const still = reducedMotion();
  let betIndex = SHOT_BETS.indexOf(STAKES.fishDefault);
  let weaponIndex = 0;
  let levelIndex = 0;
  const weapon = (): TWeaponKind | null => sea.weapons?.[weaponIndex] ?? null;
  const level = (): number => sea.levels?.[levelIndex] ?? 1;
  const canvas = h('canvas', { class: 'fish-canvas', tabindex: 0, role: 'application', 'data-testid': 'fish-canvas', 'aria-label': t('seaLabel') });
  const c = canvas.getContext('2d') as CanvasRenderingContext2D;
  const betValue = h('strong', { class: 'hg-num', 'data-testid': 'fish-bet' });
  const minus = h('button', { type: 'button', class: 'fish-step', 'aria-label': t('lowerBet'), onclick: () => setBet(betIndex - 1) }, '−');
  const plus = h('button', { type: 'button', class: 'fish-step', 'aria-label': t('raiseBet'), 'data-testid': 'fish-raise', onclick: () => setBet(betIndex + 1) }, '+');
  const status = h('span', { class: 'fish-status', 'data-testid': 'fish-status', 'aria-live': 'polite' }, sea.weapons ? t('startWeapons') : t('start'));
  const levelValue = h('strong', { class: 'hg-num', 'data-testid': 'fish-level' });
  const levelMinus = h('button', { type: 'button', class: 'fish-step', 'aria-label': t('lowerLevel'), onclick: () => setLevel(levelIndex - 1) }, '−');
  const levelPlus = h('button', { type: 'button', class: 'fish-step', 'aria-label': t('raiseLevel'), 'data-testid': 'fish-level-raise', onclick: () => setLevel(levelIndex + 1) }, '+');
  const shotCost = h('span', { class: 'fish-cost hg-num', 'data-testid': 'fish-shot-cost' });
  const weaponButtons = (sea.weapons ?? []).map((w, i) =>
    h('button', { type: 'button', class: 'fish-weapon', 'aria-pressed': i === 0 ? 'true' : 'false', 'data-testid': `fish-weapon-${w.code}`, onclick: () => setWeapon(i) },
      h('span', { class: `fish-weapon-icon is-${w.code}`, 'aria-hidden': 'true' }),
      h('span', { class: 'fish-weapon-text' }, h('strong', {}, t(w.code)), h('small', {}, t(`${w.code}Help`))),
    ));

  let width = 0;
  let height = 0;
  let now = 0;
  let nextId = 1;
  let aim = { x: 0, y: 0 };
  let keyboardAim = false;
  let recoilUntil = 0;
  let queued = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const fish: TFish[] = [];
  const effects: TEffect[] = [];
  const bullets: TBullet[] = [];
  const bubbles = Array.from({ length: 40 }, () => ({ x: Math.random(), y: Math.random(), r: 1 + Math.random() * 3, v: 0.02 + Math.random() * 0.05 }));
  const weeds = Array.from({ length: 9 }, (_, i) => ({ x: (i + 0.3 + Math.random() * 0.4) / 9, h: 40 + Math.random() * 70, hue: Math.random() < 0.5 ? sea.weed[0] : sea.weed[1] }));

  /** What one shot stakes: bet × level × the weapon's cost (now, or with other choices). One bet stakes at most MAX_STAKE. */
  const stakeOf = (bi: number, li: number, wi: number) => (SHOT_BETS[bi] as number) * (sea.levels?.[li] ?? 1) * (sea.weapons?.[wi]?.cost ?? 1);
  const shotStake = () => stakeOf(betIndex, levelIndex, weaponIndex);

  function showCost() {
    shotCost.textContent = t('shotCost', { amount: money(shotStake()) });
  }

  /** Shows the choices; a step that would stake more than one bet may is disabled. */
  function showChoices() {
    const levels = sea.levels ?? [1];
    betValue.textContent = money(SHOT_BETS[betIndex] as number);
    minus.disabled = betIndex === 0;
    plus.disabled = betIndex === SHOT_BETS.length - 1 || stakeOf(betIndex + 1, levelIndex, weaponIndex) > MAX_STAKE;
    levelValue.textContent = `×${level()}`;
    levelMinus.disabled = levelIndex === 0;
    levelPlus.disabled = levelIndex === levels.length - 1 || stakeOf(betIndex, levelIndex + 1, weaponIndex) > MAX_STAKE;
    weaponButtons.forEach((b, i) => b.setAttribute('aria-pressed', i === weaponIndex ? 'true' : 'false'));
    showCost();
  }

  function setBet(index: number) {
    betIndex = Math.min(SHOT_BETS.length - 1, Math.max(0, index));
    showChoices();
  }

  function setLevel(index: number) {
    levelIndex = Math.min((sea.levels ?? [1]).length - 1, Math.max(0, index));
    showChoices();
  }

  function setWeapon(index: number) {
    weaponIndex = index;
    // A dearer weapon lowers the level, then the bet, until the shot is within the limit.
    while (shotStake() > MAX_STAKE && levelIndex > 0) levelIndex -= 1;
    while (shotStake() > MAX_STAKE && betIndex > 0) betIndex -= 1;
    showChoices();
  }

  const cannon = () => ({ x: width / 2, y: height - 28 });

  function spawn(anywhere: boolean) {
    const kind = randomKind(sea.fish);
    const dir: 1 | -1 = Math.random() < 0.5 ? 1 : -1;
    const margin = kind.length;
    const x = anywhere ? margin + Math.random() * Math.max(1, width - 2 * margin) : dir === 1 ? -margin : width + margin;
    const y = 60 + Math.random() * Math.max(1, height - SEABED - 170);
    fish.push({ id: nextId++, kind, x, y, dir, phase: Math.random() * 10, caughtAt: null, flashUntil: 0 });
  }

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    width = rect.width;
    height = rect.height;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    aim = { x: width / 2, y: height / 2 };
  }

  function fishAt(x: number, y: number): TFish | null {
    for (let i = fish.length - 1; i >= 0; i -= 1) {
      const f = fish[i] as TFish;
      if (f.caughtAt !== null) continue;
      const rx = f.kind.length * 0.5;
      const ry = f.kind.length * (HIT_HEIGHT[f.kind.code] ?? 0.24);
      const dx = (x - f.x) / rx;
      const dy = (y - fishY(f)) / ry;
      if (dx * dx + dy * dy <= 1) return f;
    }
    return null;
  }

  const fishY = (f: TFish) => f.y + (still ? 0 : Math.sin(now * 1.2 + f.phase) * 12);

  /** Live fish within `reach` of a point, nearest first (not those in `skip`). */
  function fishNear(x: number, y: number, reach: number, skip: readonly TFish[] = []): TFish[] {
    return fish
      .filter((f) => f.caughtAt === null && !skip.includes(f) && Math.hypot(f.x - x, fishY(f) - y) <= reach + f.kind.length * 0.3)
      .sort((a, b) => Math.hypot(a.x - x, fishY(a) - y) - Math.hypot(b.x - x, fishY(b) - y));
  }

  /** The fish a weapon's shot at (x, y) hits: the cannon the one under the cursor, the net the nearest two in its
   * circle, the lightning the one under the cursor (or the nearest) and then the nearest to the last one struck. */
  function targetsOf(w: TWeaponKind, x: number, y: number): TFish[] {
    if (w.reach === 0) {
      const one = fishAt(x, y);
      return one ? [one] : [];
    }
    if (w.code === 'net') return fishNear(x, y, w.reach).slice(0, w.maxTargets);
    const first = fishAt(x, y) ?? fishNear(x, y, w.reach * 0.5)[0];
    if (!first) return [];
    const chain = [first];
    while (chain.length < w.maxTargets) {
      const last = chain[chain.length - 1] as TFish;
      const next = fishNear(last.x, fishY(last), w.reach, chain)[0];
      if (!next) break;
      chain.push(next);
    }
    return chain;
  }

  async function shoot(x: number, y: number) {
    if (queued >= MAX_QUEUED_SHOTS) return;
    const w = weapon();
    if (w) return shootWeapon(w, x, y);
    const target = fishAt(x, y);
    const bet = SHOT_BETS[betIndex] as number;
    const from = cannon();
    const angle = Math.atan2(y - from.y, x - from.x);
    const tip = { x: from.x + Math.cos(angle) * 58, y: from.y + Math.sin(angle) * 58 };
    const bullet = { fromX: tip.x, fromY: tip.y, toX: x, toY: y, start: now, arrives: now + (still ? 0 : Math.hypot(x - tip.x, y - tip.y) / BULLET_SPEED) };
    bullets.push(bullet);
    recoilUntil = now + 0.12;
    queued += 1;
    // Shots are sent one after another, so balances come back in order.
    const answer = queue.then(() => ctx.play<TFishingDetail>({ bet, target: target?.kind.code ?? null }));
    queue = answer.catch(() => undefined);
    const round = await answer;
    queued -= 1;
    const wait = Math.max(0, bullet.arrives - now);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    if (!round) return;
    land(round, target, x, y);
  }

  async function shootWeapon(w: TWeaponKind, x: number, y: number) {
    const hit = targetsOf(w, x, y);
    const bet = SHOT_BETS[betIndex] as number;
    const from = cannon();
    const angle = Math.atan2(y - from.y, x - from.x);
    const tip = { x: from.x + Math.cos(angle) * 58, y: from.y + Math.sin(angle) * 58 };
    const bullet = { fromX: tip.x, fromY: tip.y, toX: x, toY: y, start: now, arrives: now + (still ? 0 : Math.hypot(x - tip.x, y - tip.y) / BULLET_SPEED) };
    bullets.push(bullet);
    recoilUntil = now + 0.12;
    queued += 1;
    const input = { bet, weapon: w.code, level: level(), targets: hit.map((f) => f.kind.code) };
    const answer = queue.then(() => ctx.play<TWeaponShotDetail>(input));
    queue = answer.catch(() => undefined);
    const round = await answer;
    queued -= 1;
    const wait = Math.max(0, bullet.arrives - now);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    if (!round) return;
    landWeapon(round, w, hit, x, y);
  }

  function landWeapon(round: TPlayResult<TWeaponShotDetail>, w: TWeaponKind, hit: TFish[], x: number, y: number) {
    const { detail } = round;
    const weaponName = t(w.code);
    if (hit.length === 0) {
      effects.push({ kind: 'splash', x, y, start: now });
      status.textContent = t('missed', { stake: money(round.stake) });
      ctx.settle(round, `${weaponName} · ${t('histWater', { stake: money(round.stake) })}`);
      return;
    }
    if (w.code === 'net') effects.push({ kind: 'net', x, y, start: now, radius: w.reach });
    else if (w.code === 'lightning') effects.push({ kind: 'bolt', x, y, start: now, points: [{ x, y }, ...hit.map((f) => ({ x: f.x, y: fishY(f) }))] });
    else effects.push({ kind: 'net', x: (hit[0] as TFish).x, y: fishY(hit[0] as TFish), start: now });
    let caught = 0;
    detail.hits.forEach((result, i) => {
      const target = hit[i];
      if (!target) return;
      if (result.captured) {
        caught += 1;
        target.caughtAt = now;
        if (!still) effects.push({ kind: 'coins', x: target.x, y: fishY(target), start: now });
        effects.push({ kind: 'text', x: target.x, y: fishY(target) - 20, start: now, text: `+${money(result.payout)}` });
      } else {
        target.flashUntil = now + 0.25;
      }
    });
    if (hit.length === 1) {
      const only = hit[0] as TFish;
      const name = nameOf(only.kind.code);
      status.textContent = caught ? t('caught', { fish: name, mult: only.kind.multiplier, amount: money(round.payout) }) : t('escaped', { fish: name });
    } else {
      status.textContent = caught ? t('multiCaught', { count: caught, hits: hit.length, amount: money(round.payout) }) : t('multiMissed', { hits: hit.length });
    }
    ctx.settle(round, t('histMulti', { weapon: weaponName, count: caught, hits: hit.length, amount: money(round.payout) }));
  }

  function land(round: TPlayResult<TFishingDetail>, target: TFish | null, x: number, y: number) {
    const { detail } = round;
    if (!target) {
      effects.push({ kind: 'splash', x, y, start: now });
      status.textContent = t('missed', { stake: money(round.stake) });
      ctx.settle(round, t('histWater', { stake: money(round.stake) }));
      return;
    }
    effects.push({ kind: 'net', x: target.x, y: fishY(target), start: now });
    if (detail.captured) {
      target.caughtAt = now;
      if (!still) effects.push({ kind: 'coins', x: target.x, y: fishY(target), start: now });
      effects.push({ kind: 'text', x: target.x, y: fishY(target) - 20, start: now, text: `+${money(round.payout)}` });
      const name = nameOf(target.kind.code);
      status.textContent = t('caught', { fish: name, mult: detail.multiplier, amount: money(round.payout) });
      ctx.settle(round, t('histCaught', { fish: name, mult: detail.multiplier, amount: money(round.payout) }));
    } else {
      target.flashUntil = now + 0.25;
      const name = nameOf(target.kind.code);
      status.textContent = t('escaped', { fish: name });
      ctx.settle(round, t('histEscaped', { fish: name }));
    }
  }

  function drawSea() {
    const g = c.createLinearGradient(0, 0, 0, height);
    g.addColorStop(0, sea.water[0]);
    g.addColorStop(0.45, sea.water[1]);
    g.addColorStop(1, sea.water[2]);
    c.fillStyle = g;
    c.fillRect(0, 0, width, height);
    // Light rays from the surface.
    c.save();
    c.globalCompositeOperation = 'lighter';
    for (let i = 0; i < 5; i += 1) {
      const x = width * (0.1 + i * 0.2) + (still ? 0 : Math.sin(now * 0.3 + i) * 40);
      const ray = c.createLinearGradient(0, 0, 0, height * 0.8);
      ray.addColorStop(0, `rgb(${sea.rays} / 14%)`);
      ray.addColorStop(1, `rgb(${sea.rays} / 0%)`);
      c.fillStyle = ray;
      c.beginPath();
      c.moveTo(x - 30, 0);
      c.lineTo(x + 30, 0);
      c.lineTo(x + 140, height * 0.8);
      c.lineTo(x - 10, height * 0.8);
      c.fill();
    }
    c.restore();
    // The seabed: sand, rocks and swaying weed.
    c.fillStyle = sea.sand;
    c.beginPath();
    c.moveTo(0, height);
    c.lineTo(0, height - SEABED + 20);
    for (let x = 0; x <= width; x += 40) c.lineTo(x, height - SEABED + 14 + Math.sin(x * 0.02) * 10);
    c.lineTo(width, height);
    c.fill();
    c.fillStyle = sea.rock;
    for (const [fx, r] of [[0.08, 26], [0.3, 18], [0.72, 30], [0.9, 20]] as const) {
      c.beginPath();
      c.ellipse(width * fx, height - SEABED + 30, r * 1.4, r, 0, Math.PI, 0);
      c.fill();
    }
    c.lineCap = 'round';
    for (const w of weeds) {
      c.strokeStyle = w.hue;
      c.lineWidth = 6;
      const bx = w.x * width;
      const by = height - SEABED + 24;
      c.beginPath();
      c.moveTo(bx, by);
      c.quadraticCurveTo(bx + Math.sin(now * 1.3 + bx) * 18, by - w.h / 2, bx + Math.sin(now * 1.1 + bx) * 26, by - w.h);
      c.stroke();
    }
    c.fillStyle = 'rgb(220 240 255 / 35%)';
    for (const b of bubbles) {
      c.beginPath();
      c.arc(b.x * width + Math.sin(now * 2 + b.y * 10) * 4, b.y * height, b.r, 0, Math.PI * 2);
      c.fill();
    }
  }

  function drawCannon() {
    const { x, y } = cannon();
    const angle = Math.min(-0.15, Math.max(-Math.PI + 0.15, Math.atan2(aim.y - y, aim.x - x)));
    const recoil = now < recoilUntil ? 8 : 0;
    c.save();
    c.translate(x, y);
    c.rotate(angle);
    const barrel = c.createLinearGradient(0, -14, 0, 14);
    barrel.addColorStop(0, '#fff4b8');
    barrel.addColorStop(0.5, '#f2c14e');
    barrel.addColorStop(1, '#a86d0c');
    c.fillStyle = barrel;
    c.beginPath();
    c.roundRect(-recoil, -13, 60, 26, 6);
    c.fill();
    c.fillStyle = '#6142bf';
    c.fillRect(44 - recoil, -15, 8, 30);
    c.restore();
    c.fillStyle = '#2d1870';
    c.strokeStyle = '#f2c14e';
    c.lineWidth = 3;
    c.beginPath();
    c.arc(x, y + 8, 34, Math.PI, 0);
    c.closePath();
    c.fill();
    c.stroke();
    c.fillStyle = '#fff4b8';
    c.font = '700 12px system-ui, sans-serif';
    c.textAlign = 'center';
    c.fillText(money(shotStake()), x, y + 2);
    // The keyboard's aim: a crosshair while the sea has the focus.
    if (keyboardAim && document.activeElement === canvas) {
      c.strokeStyle = '#fff4b8';
      c.lineWidth = 2;
      c.beginPath();
      c.arc(aim.x, aim.y, 16, 0, Math.PI * 2);
      c.moveTo(aim.x - 24, aim.y);
      c.lineTo(aim.x - 8, aim.y);
      c.moveTo(aim.x + 8, aim.y);
      c.lineTo(aim.x + 24, aim.y);
      c.moveTo(aim.x, aim.y - 24);
      c.lineTo(aim.x, aim.y - 8);
      c.moveTo(aim.x, aim.y + 8);
      c.lineTo(aim.x, aim.y + 24);
      c.stroke();
    }
    const w = weapon();
    if (w && w.reach > 0 && (keyboardAim || canvas.matches(':hover'))) {
      c.setLineDash([6, 6]);
      c.strokeStyle = w.code === 'lightning' ? 'rgb(170 220 255 / 45%)' : 'rgb(242 193 78 / 45%)';
      c.lineWidth = 1.5;
      c.beginPath();
      c.arc(aim.x, aim.y, w.code === 'net' ? w.reach : w.reach * 0.5, 0, Math.PI * 2);
      c.stroke();
      c.setLineDash([]);
    }
  }

  function drawFishes(dt: number) {
    for (const f of fish) {
      if (f.caughtAt === null) f.x += f.dir * f.kind.speed * dt;
      const y = fishY(f);
      c.save();
      c.translate(f.x, y);
      if (f.caughtAt !== null) {
        const k = Math.min(1, (now - f.caughtAt) / 0.8);
        if (!still) {
          c.rotate(k * Math.PI * 3);
          c.scale(1 - k * 0.9, 1 - k * 0.9);
        }
        c.globalAlpha = 1 - k * 0.6;
      }
      c.scale(f.dir, 1);
      // A fish that got away flashes red: a glow on its own outline (not a box over the sea).
      if (now < f.flashUntil) c.filter = 'drop-shadow(0 0 8px rgb(255 60 60)) brightness(1.25)';
      sea.draw(c, f.kind.code, f.kind.length, still ? f.phase : now + f.phase);
      c.restore();
    }
    for (let i = fish.length - 1; i >= 0; i -= 1) {
      const f = fish[i] as TFish;
      const gone = f.caughtAt !== null ? now - f.caughtAt > 0.8 : f.dir === 1 ? f.x > width + f.kind.length : f.x < -f.kind.length;
      if (gone) fish.splice(i, 1);
    }
  }

  function drawShots() {
    for (let i = bullets.length - 1; i >= 0; i -= 1) {
      const b = bullets[i] as TBullet;
      const k = Math.min(1, (now - b.start) / Math.max(0.01, b.arrives - b.start));
      const x = b.fromX + (b.toX - b.fromX) * k;
      const y = b.fromY + (b.toY - b.fromY) * k;
      const glow = c.createRadialGradient(x, y, 0, x, y, 12);
      glow.addColorStop(0, '#fff');
      glow.addColorStop(0.4, '#f2c14e');
      glow.addColorStop(1, 'rgb(242 193 78 / 0%)');
      c.fillStyle = glow;
      c.beginPath();
      c.arc(x, y, 12, 0, Math.PI * 2);
      c.fill();
      if (k >= 1) bullets.splice(i, 1);
    }
    for (let i = effects.length - 1; i >= 0; i -= 1) {
      const e = effects[i] as TEffect;
      const age = now - e.start;
      const life = e.kind === 'text' ? 1.4 : e.kind === 'coins' ? 1 : e.kind === 'bolt' ? 0.6 : 0.5;
      if (age > life) {
        effects.splice(i, 1);
        continue;
      }
      const k = age / life;
      c.save();
      c.globalAlpha = 1 - k;
      if (e.kind === 'bolt' && e.points) {
        // A jagged bolt through every fish struck, redrawn each frame so it crackles.
        c.strokeStyle = '#d8f1ff';
        c.shadowColor = '#6fd6f2';
        c.shadowBlur = 14;
        c.lineWidth = 3;
        c.beginPath();
        e.points.forEach((p, i) => {
          if (i === 0) return c.moveTo(p.x, p.y);
          const prev = e.points?.[i - 1] ?? p;
          for (let s = 1; s <= 4; s += 1) {
            const jitter = still || s === 4 ? 0 : (Math.random() - 0.5) * 22;
            c.lineTo(prev.x + ((p.x - prev.x) * s) / 4 + jitter, prev.y + ((p.y - prev.y) * s) / 4 + jitter);
          }
        });
        c.stroke();
      } else if (e.kind === 'net' || e.kind === 'splash') {
        const r = (e.kind === 'net' ? (e.radius ?? 46) : 24) * (0.4 + k);
        c.strokeStyle = e.kind === 'net' ? '#f2c14e' : '#cfefff';
        c.lineWidth = 2;
        c.beginPath();
        c.arc(e.x, e.y, r, 0, Math.PI * 2);
        if (e.kind === 'net') {
          for (let s = 0; s < 8; s += 1) {
            const a = (s / 8) * Math.PI * 2;
            c.moveTo(e.x, e.y);
            c.lineTo(e.x + Math.cos(a) * r, e.y + Math.sin(a) * r);
          }
          c.moveTo(e.x + r * 0.55, e.y);
          c.arc(e.x, e.y, r * 0.55, 0, Math.PI * 2);
        }
        c.stroke();
      } else if (e.kind === 'coins') {
        for (let s = 0; s < 12; s += 1) {
          const a = (s / 12) * Math.PI * 2;
          const d = 20 + k * 90;
          const cx = e.x + Math.cos(a) * d;
          const cy = e.y + Math.sin(a) * d + k * k * 60;
          c.fillStyle = '#f2c14e';
          c.strokeStyle = '#a86d0c';
          c.beginPath();
          c.ellipse(cx, cy, 7 * Math.abs(Math.cos(now * 8 + s)) + 1, 7, 0, 0, Math.PI * 2);
          c.fill();
          c.stroke();
        }
      } else if (e.text) {
        c.font = '900 28px system-ui, sans-serif';
        c.textAlign = 'center';
        c.lineWidth = 5;
        c.strokeStyle = '#5a3508';
        c.fillStyle = '#fff4b8';
        c.strokeText(e.text, e.x, e.y - k * 50);
        c.fillText(e.text, e.x, e.y - k * 50);
      }
      c.restore();
    }
  }

  let last = performance.now();
  let spawnIn = 0;
  function frame(time: number) {
    const dt = Math.min(0.05, (time - last) / 1000);
    last = time;
    now += dt;
    for (const b of bubbles) {
      b.y -= (still ? 0 : b.v) * dt;
      if (b.y < 0) b.y = 1;
    }
    spawnIn -= dt;
    const wanted = Math.round(8 + (width * height) / 90_000);
    if (spawnIn <= 0 && fish.length < wanted) {
      spawn(false);
      spawnIn = 0.5 + Math.random() * 0.8;
    }
    drawSea();
    drawFishes(dt);
    drawShots();
    drawCannon();
    requestAnimationFrame(frame);
  }

  const pointAt = (e: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  canvas.addEventListener('mousemove', (e) => {
    keyboardAim = false;
    aim = pointAt(e);
    canvas.classList.toggle('is-on-fish', fishAt(aim.x, aim.y) !== null);
  });
  canvas.addEventListener('click', (e) => {
    const p = pointAt(e);
    aim = p;
    if (p.y > height - SEABED) return;
    void shoot(p.x, p.y);
  });
  // Keyboard play: arrows move the aim (Shift for big steps), Enter or Space shoots at it.
  canvas.addEventListener('keydown', (e) => {
    const step = e.shiftKey ? 60 : 20;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      keyboardAim = true;
      aim = { x: Math.min(width, Math.max(0, aim.x + move[0])), y: Math.min(height - SEABED, Math.max(0, aim.y + move[1])) };
      canvas.classList.toggle('is-on-fish', fishAt(aim.x, aim.y) !== null);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      keyboardAim = true;
      void shoot(aim.x, aim.y);
    }
  });
  canvas.addEventListener('focus', () => {
    keyboardAim = true;
  });

  setBet(betIndex);
  setLevel(0);
  const legend = () =>
    h('div', { class: 'fish-legend', 'data-testid': 'fish-legend' },
      ...sea.fish.map((kind) => h('div', { class: 'fish-legend-item', title: nameOf(kind.code) }, fishIcon(kind, sea.draw), h('strong', { class: 'hg-num' }, `×${kind.multiplier}`))),
    );
  const maxStake = Math.min(MAX_STAKE, (SHOT_BETS[SHOT_BETS.length - 1] as number) * Math.max(...(sea.levels ?? [1])) * Math.max(...(sea.weapons ?? []).map((w) => w.cost), 1));
  const limits = t('limits', { min: money(SHOT_BETS[0] as number), max: money(maxStake) });
  ctx.setInfo(() =>
    h('div', { class: 'fish-info', 'data-testid': 'fish-info' },
      h('h3', {}, t('rules')),
      h('p', {}, t('howTo')),
      h('p', {}, t('rulesCapture')),
      sea.weapons ? h('p', {}, t('rulesWeapons')) : null,
      h('p', {}, t('rulesKeys')),
      h('p', { class: 'fish-info-limits', 'data-testid': 'fish-limits' }, limits),
      h('h3', {}, t('paytable')),
      h('ul', { class: 'fish-paytable' }, ...sea.fish.map((kind) => h('li', {}, h('span', {}, nameOf(kind.code)), h('strong', { class: 'hg-num' }, `×${kind.multiplier}`)))),
    ));
  ctx.stage.append(
    h('div', { class: `fish-sea ${sea.weapons ? 'has-weapons' : ''}` },
      canvas,
      legend(),
      sea.weapons
        ? h('div', { class: 'fish-arsenal' },
            h('div', { class: 'fish-weapons', role: 'group', 'aria-label': t('weapon'), 'data-testid': 'fish-weapons' }, ...weaponButtons),
            h('div', { class: 'fish-arsenal-row' },
              h('span', { class: 'fish-label' }, t('level')),
              h('div', { class: 'fish-stepper' }, levelMinus, levelValue, levelPlus),
              shotCost,
            ),
          )
        : null,
      h('div', { class: 'fish-bar' },
        h('span', { class: 'fish-label' }, t('betPerShot')),
        h('div', { class: 'fish-stepper' }, minus, betValue, plus),
        status,
      ),
      h('p', { class: 'fish-limits', 'data-testid': 'fish-table-limits' }, limits),
    ),
  );
  new ResizeObserver(resize).observe(canvas);
  resize();
  for (let i = 0; i < 8; i += 1) spawn(true);
  requestAnimationFrame(frame);
}
