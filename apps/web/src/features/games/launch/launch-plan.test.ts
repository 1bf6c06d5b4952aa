import { describe, expect, it } from 'vitest';
import type { TGameItem, TRoom } from '@playhall/contract/calls/games';
import { launchRequest, launchStep, lotteryLaunchRequest, lotteryOpenTarget, lotteryVendorPath, openTarget, startPath } from './launch-plan.ts';

const game: TGameItem = {
  gameId: 'lucky-crown',
  name: 'Lucky Crown',
  vassalage: 'PH_SLOT',
  gameType: 'RNG',
  icon: '/img/games/PH_SLOT/lucky-crown.svg',
  isNew: 0,
  isGame: 1,
  isHot: 1,
  openMode: 'iframe',
};

describe('launchStep (spec §4)', () => {
  it('asks a visitor to log in before anything else', () => {
    expect(launchStep({ ...game, isNew: 1 }, false)).toBe('login');
  });
  it('warns of maintenance for an isNew game', () => {
    expect(launchStep({ ...game, isNew: 1 }, true)).toBe('maintenance');
  });
  it('opens the vendor game list for a VASSALAGE entry', () => {
    expect(launchStep({ ...game, isGame: 0 }, true)).toBe('vendorList');
  });
  it('launches an ordinary game', () => {
    expect(launchStep(game, true)).toBe('launch');
  });
});

describe('launchRequest', () => {
  it('carries the launch constants of spec §9 and the game id', () => {
    expect(launchRequest({ game }, 'EN', 'PLAYHALL')).toEqual({
      launchMode: 'GLS',
      vassalage: 'PH_SLOT',
      merchantCode: 'PLAYHALL',
      language: 'EN',
      accountType: 1,
      confirmTrans: 0,
      platform: 'html5-desktop',
      clientType: 3,
      gameId: 'lucky-crown',
    });
  });
  it('enters a PVP room by its roomId instead of a game id', () => {
    const room: TRoom = { roomId: 'dice-1', name: 'Dice 1', vassalage: 'PH_DICE', gameId: 'dice', ante: 1000, players: 0, minPlayers: 2, maxPlayers: 6, status: 'waiting' };
    const req = launchRequest({ room }, 'MY', 'PLAYHALL');
    expect(req).toMatchObject({ roomId: 'dice-1', vassalage: 'PH_DICE' });
    expect(req).not.toHaveProperty('gameId');
  });
});

describe('openTarget', () => {
  const answer = { game_url: '/house/slot.html#token=abc', game_url2: null };
  it('opens iframe games on /game and seamless ones on /seamless', () => {
    expect(openTarget('iframe', answer)).toEqual({ kind: 'route', to: `/game?url=${encodeURIComponent(answer.game_url)}` });
    expect(openTarget('seamless', answer)).toEqual({ kind: 'route', to: `/seamless?url=${encodeURIComponent(answer.game_url)}` });
  });
  it('opens popup games in a window, falling back to game_url2', () => {
    expect(openTarget('popup', { game_url: null, game_url2: 'https://v.test/g' })).toEqual({ kind: 'popup', url: 'https://v.test/g' });
  });
  it('has nothing to open without a URL', () => {
    expect(openTarget('iframe', { game_url: null, game_url2: null })).toBeNull();
  });
});

describe('lottery start (spec §4)', () => {
  const lotto = (over: Partial<TGameItem>): TGameItem => ({ ...game, gameType: 'ELOTT', vassalage: 'PH_ELOTT', gameId: 'EL1', ...over });

  it('sends TCG_LOTTO_VN to /vnlottery and TCG_SEA to the SEA lottery', () => {
    expect(startPath(lotto({ vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT' }))).toEqual({ kind: 'page', to: '/vnlottery' });
    expect(startPath(lotto({ vassalage: 'TCG_SEA', gameType: 'LOTT' }))).toEqual({ kind: 'page', to: '/lottery?lottoPrizeMode=SEA' });
  });
  it('starts ELOTT and LOTT games on the lottery path, GPI and other games in a route', () => {
    expect(startPath(lotto({}))).toEqual({ kind: 'lottery' });
    expect(startPath(lotto({ gameType: 'LOTT', vassalage: 'OTHER_LOTTO' }))).toEqual({ kind: 'lottery' });
    expect(startPath(lotto({ vassalage: 'GPI', gameType: 'LOTT' }))).toEqual({ kind: 'launch' });
    expect(startPath(game)).toEqual({ kind: 'launch' });
  });
  it('builds the lottery query: betting with a game code, the lobby for a hall entry', () => {
    expect(lotteryLaunchRequest(lotto({}), 'VI', 'PLAYHALL')).toEqual({
      launchMode: 'LOTT',
      vassalage: 'PH_ELOTT',
      merchantCode: 'PLAYHALL',
      language: 'VI',
      lottoArea: 'VN',
      lottoPrizeMode: 'Elott',
      lottoGameCode: 'EL1',
      lottoView: 'betting',
      device: 'WEB',
    });
    const hall = lotteryLaunchRequest(lotto({ isGame: 0 }), 'EN', 'PLAYHALL');
    expect(hall).toMatchObject({ lottoView: 'lobby' });
    expect(hall).not.toHaveProperty('lottoGameCode');
  });
  it('opens the answered path of this site in the app, another site like any game', () => {
    const origin = 'https://playhall.test';
    const path = '/elott?lottoGameCode=EL1&lottoPrizeMode=Elott&lottoView=betting';
    expect(lotteryOpenTarget('iframe', { game_url: path, game_url2: null }, origin)).toEqual({ kind: 'route', to: path });
    expect(lotteryOpenTarget('iframe', { game_url: `${origin}${path}`, game_url2: null }, origin)).toEqual({ kind: 'route', to: path });
    expect(lotteryOpenTarget('popup', { game_url: 'https://lotto.vendor.test/x', game_url2: null }, origin)).toEqual({ kind: 'popup', url: 'https://lotto.vendor.test/x' });
    expect(lotteryOpenTarget('iframe', { game_url: null, game_url2: null }, origin)).toBeNull();
  });
  it('knows the pages of the lottery vendors', () => {
    expect(lotteryVendorPath('PH_ELOTT')).toBe('/elott');
    expect(lotteryVendorPath('GPI')).toBeNull();
  });
});
