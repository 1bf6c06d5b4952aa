import { describe, expect, it } from 'vitest';
import { LUCKY_CROWN, PAYLINES as ENGINE_PAYLINES, SYMBOLS as ENGINE_SYMBOLS } from '@playhall/contract/house-rules/slot';
import { LINE_PAYS, PAYLINES, SCATTER_PAYS, SYMBOLS } from './slot-rules.ts';

describe('the slot page draws the engine’s rules', () => {
  it('has the same symbols, paylines and paytable as the server', () => {
    expect(SYMBOLS).toEqual(ENGINE_SYMBOLS);
    expect(PAYLINES).toEqual(ENGINE_PAYLINES);
    expect(LINE_PAYS).toEqual(LUCKY_CROWN.linePays);
    expect(SCATTER_PAYS).toEqual(LUCKY_CROWN.scatterPays);
  });
});
