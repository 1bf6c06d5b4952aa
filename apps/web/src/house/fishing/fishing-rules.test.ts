import { describe, expect, it } from 'vitest';
import { DRAGON_FISHING, OCEAN_HUNTER } from '@playhall/contract/house-rules/fishing';
import { DRAGON_FISH, DRAGON_LEVELS, DRAGON_WEAPONS, FISH } from './fishing-rules.ts';

describe('the fishing page shows the engine’s fish', () => {
  it('has the same fish codes, names and multipliers as the server', () => {
    expect(FISH.map(({ code, name, multiplier }) => ({ code, name, multiplier }))).toEqual(OCEAN_HUNTER.fish);
  });

  it('Dragon Fishing: the same creatures, weapons and cannon levels as the engine', () => {
    expect(DRAGON_FISH.map(({ code, name, multiplier }) => ({ code, name, multiplier }))).toEqual(DRAGON_FISHING.fish);
    expect(DRAGON_WEAPONS.map(({ code, cost, maxTargets }) => ({ code, cost, maxTargets }))).toEqual(DRAGON_FISHING.weapons?.map(({ code, cost, maxTargets }) => ({ code, cost, maxTargets })));
    expect(DRAGON_LEVELS).toEqual(DRAGON_FISHING.levels);
  });
});
