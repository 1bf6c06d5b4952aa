import { describe, expect, it } from 'vitest';
import { OCEAN_HUNTER } from '@playhall/contract/house-rules/fishing';
import { FISH } from './fishing-rules.ts';

describe('the fishing page shows the engine’s fish', () => {
  it('has the same fish codes, names and multipliers as the server', () => {
    expect(FISH.map(({ code, name, multiplier }) => ({ code, name, multiplier }))).toEqual(OCEAN_HUNTER.fish);
  });
});
