import { describe, expect, it } from 'vitest';
import { bettingHref, groupGames, lobbyGroupOf, readLottoQuery } from './lottery-groups.ts';

describe('lobby groups', () => {
  it('sorts games into fast, north, south, central and SEA', () => {
    expect(lobbyGroupOf({ kind: 'fast', region: 'north' })).toBe('fast');
    expect(lobbyGroupOf({ kind: 'regional', region: 'central' })).toBe('central');
    expect(lobbyGroupOf({ kind: 'sea', region: null })).toBe('sea');
  });
  it('keeps the section order and drops empty sections', () => {
    const games = [
      { code: 'SEA', kind: 'sea' as const, region: null },
      { code: 'XSMB', kind: 'regional' as const, region: 'north' as const },
      { code: 'EL1', kind: 'fast' as const, region: 'north' as const },
    ];
    expect(groupGames(games).map((s) => [s.group, s.games.map((g) => g.code)])).toEqual([
      ['fast', ['EL1']],
      ['north', ['XSMB']],
      ['sea', ['SEA']],
    ]);
  });
});

it('puts the next to close first inside a section, unscheduled games last', () => {
  const draw = (closeAt: string) => ({ drawNo: '1', closeAt, drawAt: closeAt, seedHash: null });
  const games = [
    { code: 'A', kind: 'regional' as const, region: 'south' as const, currentDraw: null },
    { code: 'B', kind: 'regional' as const, region: 'south' as const, currentDraw: draw('2026-11-24T09:00:00Z') },
    { code: 'C', kind: 'regional' as const, region: 'south' as const, currentDraw: draw('2026-11-23T09:00:00Z') },
  ];
  expect(groupGames(games)[0]?.games.map((g) => g.code)).toEqual(['C', 'B', 'A']);
});

describe('lottery query (spec §3)', () => {
  it('is the betting view when a game code is given, else the lobby', () => {
    expect(readLottoQuery(new URLSearchParams('lottoGameCode=EL1&lottoPrizeMode=Elott&lottoView=betting'))).toEqual({ gameCode: 'EL1', view: 'betting', prizeMode: 'Elott' });
    expect(readLottoQuery(new URLSearchParams('lottoGameCode=EL1'))).toMatchObject({ view: 'betting' });
    expect(readLottoQuery(new URLSearchParams('lottoView=betting'))).toMatchObject({ gameCode: null, view: 'lobby' });
  });
  it('links a game to its betting view on the same page', () => {
    expect(bettingHref('/elott', 'EL1')).toBe('/elott?lottoGameCode=EL1&lottoView=betting');
  });
});
