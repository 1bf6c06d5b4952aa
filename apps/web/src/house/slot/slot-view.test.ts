import { describe, expect, it } from 'vitest';
import { titleOfHouseGame } from '@playhall/contract/house-rules/catalog';
import { slotEngineGame, type TSlotDetail } from '@playhall/contract/house-rules/slot-engine';
import { SLOT_CONFIGS } from '@playhall/contract/house-rules/slots/index';
import { SLOT_LOADERS } from '@playhall/contract/house-rules/slots/loaders';
import { fastSource } from '@playhall/contract/house-rules/test-support';
import { ART_TITLES } from './slot-titles.ts';
import { roundOfDetail, viewOfConfig } from './slot-view.ts';

/** The page's view of each title is the engine's configuration, and a played round reads back cell for cell. */
describe('the slot page draws each engine title as configured', () => {
  it('has art for exactly the engine titles', () => {
    expect([...ART_TITLES].sort()).toEqual(SLOT_CONFIGS.map((c) => c.id).sort());
    expect(Object.keys(SLOT_LOADERS).sort()).toEqual(SLOT_CONFIGS.map((c) => c.id).sort());
  });

  it.each(SLOT_CONFIGS.map((c) => [c.id, c] as const))('%s: symbols, lines or ways, pays, bets and art', async (id, config) => {
    const view = viewOfConfig(config, config.name);
    expect(view.symbols.map((s) => s.id)).toEqual(config.symbols.map((s) => s.id));
    expect(view.symbols.map((s) => s.kind)).toEqual(config.symbols.map((s) => s.kind));
    for (const [i, s] of view.symbols.entries()) expect(Object.fromEntries(s.pays)).toEqual(Object.fromEntries(Object.entries(config.symbols[i]?.pays ?? {}).map(([k, v]) => [Number(k), v])));
    expect(view.lines).toEqual(config.lines ? config.lines.map((l) => [...l]) : null);
    expect(view.ways).toBe(config.ways ? config.rows ** config.reels : null);
    expect([view.reels, view.rows, view.coins, view.steps, view.defaultBet]).toEqual([config.reels, config.rows, config.bet.coins, config.bet.steps, config.bet.default]);
    expect(view.input(view.defaultBet)).toEqual({ bet: config.bet.default });
    const { art } = await import(`./art/${id}.ts`) as { art: { symbols: Record<string, string> } };
    expect(Object.keys(art.symbols).sort()).toEqual(config.symbols.map((s) => s.id).sort());
    expect(titleOfHouseGame(`slot-${id}`)?.page ?? 'slot').toBe('slot');
  });

  it.each(SLOT_CONFIGS.map((c) => [c.id, c] as const))('%s: a round from fixed seeds reads back as the engine played it', (_id, config) => {
    const game = slotEngineGame(config);
    const view = viewOfConfig(config, config.name);
    const stream = fastSource('5107a9e0c3d1f2a4');
    for (let k = 0; k < 1000; k += 1) {
      const { payout, detail } = game.play({ bet: config.bet.default }, stream);
      const round = roundOfDetail(view, detail as TSlotDetail);
      const d = detail as TSlotDetail;
      expect(round.spins).toHaveLength(1 + d.freeSpins.length);
      expect(round.spins[0]?.steps[0]?.grid).toEqual(d.base.steps[0]?.grid.map((i) => config.symbols[i]?.id));
      for (const spin of round.spins) for (const step of spin.steps) expect(step.grid).toHaveLength(config.reels * config.rows);
      // The page's amounts never add up to more than the server paid (each rounded down).
      const shown = round.spins.reduce((a, s) => a + s.amount, 0);
      expect(shown).toBeLessThanOrEqual(payout + round.spins.length);
      if (!d.capped) expect(shown).toBeGreaterThanOrEqual(payout - round.spins.length * 2);
    }
  });
});
