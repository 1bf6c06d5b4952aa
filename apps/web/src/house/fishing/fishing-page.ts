import { STAKES } from '@playhall/contract/stakes';
import { h } from '../shared/dom.ts';
import { money } from '../shared/money.ts';
import type { TGameContext } from '../shared/shell.ts';
import type { TPlayResult } from '../shared/house-api.ts';
import { drawFish } from './fish-art.ts';
import { FISH, SHOT_BETS, type TFishingDetail, type TFishKind } from './fishing-rules.ts';

/** How tall a fish is for hit tests, as a share of its length. */
const HIT_HEIGHT: Record<string, number> = { pufferfish: 0.42, manta: 0.45, turtle: 0.3, octopus: 0.28, shark: 0.14, 'golden-dragon': 0.14 };
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
  kind: 'net' | 'coins' | 'text' | 'splash';
  x: number;
  y: number;
  start: number;
  text?: string;
}

interface TBullet {
  fromX: number;
  fromY: number;
  toX: number;
  toY: number;
  start: number;
  arrives: number;
}

const totalWeight = FISH.reduce((n, f) => n + f.weight, 0);
function randomKind(): TFishKind {
  let r = Math.random() * totalWeight;
  for (const kind of FISH) {
    if (r < kind.weight) return kind;
    r -= kind.weight;
  }
  return FISH[0] as TFishKind;
}

/** A small picture of a fish for the legend. */
function fishIcon(kind: TFishKind): HTMLCanvasElement {
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

/** The fishing game: fish swim across the sea; each click is a shot at the fish under the cursor. */
export function mountFishing(ctx: TGameContext): void {
  let betIndex = SHOT_BETS.indexOf(STAKES.fishDefault);
  const canvas = h('canvas', { class: 'fish-canvas', 'data-testid': 'fish-canvas', 'aria-label': 'The sea: click a fish to shoot at it' });
  const c = canvas.getContext('2d') as CanvasRenderingContext2D;
  const betValue = h('strong', { class: 'hg-num', 'data-testid': 'fish-bet' });
  const minus = h('button', { type: 'button', class: 'fish-step', 'aria-label': 'Lower the bet', onclick: () => setBet(betIndex - 1) }, '−');
  const plus = h('button', { type: 'button', class: 'fish-step', 'aria-label': 'Raise the bet', 'data-testid': 'fish-raise', onclick: () => setBet(betIndex + 1) }, '+');
  const status = h('span', { class: 'fish-status', 'data-testid': 'fish-status' }, 'Click a fish to shoot. Each shot costs the bet.');

  let width = 0;
  let height = 0;
  let now = 0;
  let nextId = 1;
  let aim = { x: 0, y: 0 };
  let recoilUntil = 0;
  let queued = 0;
  let queue: Promise<unknown> = Promise.resolve();
  const fish: TFish[] = [];
  const effects: TEffect[] = [];
  const bullets: TBullet[] = [];
  const bubbles = Array.from({ length: 40 }, () => ({ x: Math.random(), y: Math.random(), r: 1 + Math.random() * 3, v: 0.02 + Math.random() * 0.05 }));
  const weeds = Array.from({ length: 9 }, (_, i) => ({ x: (i + 0.3 + Math.random() * 0.4) / 9, h: 40 + Math.random() * 70, hue: Math.random() < 0.5 ? '#2fbf71' : '#1f9a58' }));

  function setBet(index: number) {
    betIndex = Math.min(SHOT_BETS.length - 1, Math.max(0, index));
    betValue.textContent = money(SHOT_BETS[betIndex] as number);
    minus.disabled = betIndex === 0;
    plus.disabled = betIndex === SHOT_BETS.length - 1;
  }

  const cannon = () => ({ x: width / 2, y: height - 28 });

  function spawn(anywhere: boolean) {
    const kind = randomKind();
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

  const fishY = (f: TFish) => f.y + Math.sin(now * 1.2 + f.phase) * 12;

  async function shoot(x: number, y: number) {
    if (queued >= MAX_QUEUED_SHOTS) return;
    const target = fishAt(x, y);
    const bet = SHOT_BETS[betIndex] as number;
    const from = cannon();
    const angle = Math.atan2(y - from.y, x - from.x);
    const tip = { x: from.x + Math.cos(angle) * 58, y: from.y + Math.sin(angle) * 58 };
    const bullet = { fromX: tip.x, fromY: tip.y, toX: x, toY: y, start: now, arrives: now + Math.hypot(x - tip.x, y - tip.y) / BULLET_SPEED };
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

  function land(round: TPlayResult<TFishingDetail>, target: TFish | null, x: number, y: number) {
    const { detail } = round;
    if (!target) {
      effects.push({ kind: 'splash', x, y, start: now });
      status.textContent = `Missed — the shot hit only water (${money(round.stake)}).`;
      ctx.settle(round, `Shot ${money(round.stake)} · water`);
      return;
    }
    effects.push({ kind: 'net', x: target.x, y: fishY(target), start: now });
    if (detail.captured) {
      target.caughtAt = now;
      effects.push({ kind: 'coins', x: target.x, y: fishY(target), start: now });
      effects.push({ kind: 'text', x: target.x, y: fishY(target) - 20, start: now, text: `+${money(round.payout)}` });
      status.textContent = `Caught a ${target.kind.name.toLowerCase()}! ×${detail.multiplier} pays ${money(round.payout)}.`;
      ctx.settle(round, `${target.kind.name} ×${detail.multiplier} · won ${money(round.payout)}`);
    } else {
      target.flashUntil = now + 0.25;
      status.textContent = `The ${target.kind.name.toLowerCase()} got away.`;
      ctx.settle(round, `Shot at ${target.kind.name.toLowerCase()} · got away`);
    }
  }

  function drawSea() {
    const g = c.createLinearGradient(0, 0, 0, height);
    g.addColorStop(0, '#0f5f9e');
    g.addColorStop(0.45, '#0b3d6e');
    g.addColorStop(1, '#061a33');
    c.fillStyle = g;
    c.fillRect(0, 0, width, height);
    // Light rays from the surface.
    c.save();
    c.globalCompositeOperation = 'lighter';
    for (let i = 0; i < 5; i += 1) {
      const x = width * (0.1 + i * 0.2) + Math.sin(now * 0.3 + i) * 40;
      const ray = c.createLinearGradient(0, 0, 0, height * 0.8);
      ray.addColorStop(0, 'rgb(160 220 255 / 14%)');
      ray.addColorStop(1, 'rgb(160 220 255 / 0%)');
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
    c.fillStyle = '#c9a86a';
    c.beginPath();
    c.moveTo(0, height);
    c.lineTo(0, height - SEABED + 20);
    for (let x = 0; x <= width; x += 40) c.lineTo(x, height - SEABED + 14 + Math.sin(x * 0.02) * 10);
    c.lineTo(width, height);
    c.fill();
    c.fillStyle = '#5b6478';
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
    c.fillText(money(SHOT_BETS[betIndex] as number), x, y + 2);
  }

  function drawFishes(dt: number) {
    for (const f of fish) {
      if (f.caughtAt === null) f.x += f.dir * f.kind.speed * dt;
      const y = fishY(f);
      c.save();
      c.translate(f.x, y);
      if (f.caughtAt !== null) {
        const k = Math.min(1, (now - f.caughtAt) / 0.8);
        c.rotate(k * Math.PI * 3);
        c.scale(1 - k * 0.9, 1 - k * 0.9);
        c.globalAlpha = 1 - k * 0.6;
      }
      c.scale(f.dir, 1);
      drawFish(c, f.kind.code, f.kind.length, now + f.phase);
      if (now < f.flashUntil) {
        c.globalCompositeOperation = 'source-atop';
        c.fillStyle = 'rgb(255 80 80 / 45%)';
        c.fillRect(-f.kind.length, -f.kind.length, f.kind.length * 2, f.kind.length * 2);
      }
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
      const life = e.kind === 'text' ? 1.4 : e.kind === 'coins' ? 1 : 0.5;
      if (age > life) {
        effects.splice(i, 1);
        continue;
      }
      const k = age / life;
      c.save();
      c.globalAlpha = 1 - k;
      if (e.kind === 'net' || e.kind === 'splash') {
        const r = (e.kind === 'net' ? 46 : 24) * (0.4 + k);
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
      b.y -= b.v * dt;
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
    aim = pointAt(e);
    canvas.classList.toggle('is-on-fish', fishAt(aim.x, aim.y) !== null);
  });
  canvas.addEventListener('click', (e) => {
    const p = pointAt(e);
    aim = p;
    if (p.y > height - SEABED) return;
    void shoot(p.x, p.y);
  });

  setBet(betIndex);
  ctx.stage.append(
    h('div', { class: 'fish-sea' },
      canvas,
      h('div', { class: 'fish-legend', 'data-testid': 'fish-legend' },
        ...FISH.map((kind) => h('div', { class: 'fish-legend-item', title: kind.name }, fishIcon(kind), h('strong', { class: 'hg-num' }, `×${kind.multiplier}`))),
      ),
      h('div', { class: 'fish-bar' },
        h('span', { class: 'fish-label' }, 'Bet per shot'),
        h('div', { class: 'fish-stepper' }, minus, betValue, plus),
        status,
      ),
    ),
  );
  new ResizeObserver(resize).observe(canvas);
  resize();
  for (let i = 0; i < 8; i += 1) spawn(true);
  requestAnimationFrame(frame);
}
