import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOUSE_REFUSALS } from '@playhall/contract/house-rules/refusals';
import { LANGUAGES } from '@playhall/contract/language-list';
import { HouseApiError, houseCall } from './house-api.ts';
import { describeError } from './messages.ts';
import { loadHouseTexts } from './text.ts';

const refusal = (call: Promise<unknown>) => call.then(() => null, (err: unknown) => err as HouseApiError);

describe('house error dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the page’s own failures in the launch’s language, the English messages kept for logs', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const offline = await refusal(houseCall('t', 'GET', '/wps/house/state'));
    expect(offline).toMatchObject({ code: 'network_error', message: 'The game server could not be reached.' });
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 })));
    const gateway = await refusal(houseCall('t', 'GET', '/wps/house/state'));
    expect(gateway).toMatchObject({ code: 'bad_answer', value: { status: 502 } });
    vi.stubGlobal('fetch', () => Promise.resolve(Response.json({ success: false, message: 'no code' }, { status: 500 })));
    expect(await refusal(houseCall('t', 'GET', '/wps/house/state'))).toMatchObject({ code: 'bad_answer', value: { status: 500 } });

    await loadHouseTexts('EN');
    expect(describeError(offline!)).toEqual({
      title: 'No connection',
      text: 'The game server could not be reached. Check your connection and try again.',
      fatal: false,
    });
    expect(describeError(gateway!)).toEqual({ title: 'Server error', text: 'The game server answered with an error (502). Try again in a moment.', fatal: false });
    expect(describeError(new HouseApiError('bad_answer', 'x')).text).toBe('Something went wrong. Try again.');
    expect(describeError(new HouseApiError('game_unavailable', 'x'))).toMatchObject({ title: 'Game not available', fatal: true });

    await loadHouseTexts('VI');
    expect(describeError(offline!)).toEqual({ title: 'Mất kết nối', text: 'Không kết nối được tới máy chủ trò chơi. Hãy kiểm tra mạng và thử lại.', fatal: false });
    expect(describeError(gateway!).text).toBe('Máy chủ trò chơi báo lỗi (502). Vui lòng thử lại sau giây lát.');
    expect(describeError(new HouseApiError('game_unavailable', 'x')).title).toBe('Trò chơi không khả dụng');
    await loadHouseTexts('CN');
    expect(describeError(gateway!)).toMatchObject({ title: '服务器错误', text: '游戏服务器返回错误（502）。请稍后重试。' });
  });

  it('reads the codes it knows in the launch’s language and a page’s own (already translated) message otherwise', async () => {
    await loadHouseTexts('DE');
    expect(describeError(new HouseApiError('insufficient_balance', 'x', { balance: 1234 })).text).toContain('12.34');
    expect(describeError(new HouseApiError('session_expired', 'x'))).toMatchObject({ title: 'Sitzung beendet', fatal: true });
    expect(describeError(new HouseApiError('error', 'Etwas ist schiefgelaufen.'))).toEqual({ title: 'Etwas ist schiefgelaufen', text: 'Etwas ist schiefgelaufen.', fatal: false });
  });

  it('says a house game’s refusal by its reason in the launch’s language, never the server’s English sentence', async () => {
    const refused = (code: string, value: unknown, message = 'Betting is closed for this round: bet on the next one') => describeError(new HouseApiError(code, message, value));
    await loadHouseTexts('EN');
    expect(refused('operation_not_allowed', { reason: 'betting_closed' })).toEqual({ title: 'Bet not accepted', text: 'Betting is closed for this round. Bet on the next one.', fatal: false });
    expect(refused('operation_not_allowed', { reason: 'room_full' })).toMatchObject({ title: 'Not possible right now', text: 'The room is full. Wait for the next round or choose another room.' });
    expect(refused('operation_not_allowed', { reason: 'too_late', crashPoint: 235 }).text).toBe('Too late: the round crashed at 2.35×.');
    expect(refused('conflict', { reason: 'hand_busy' }).text).toBe('Something changed in the meantime. Wait a moment and try again.');
    expect(refused('duplicate_request', { reason: 'duplicate_bet' }).text).toBe('You already have a bet on this round.');
    expect(refused('not_found', { reason: 'no_round', roundId: 'x' }).text).toBe('This round is over.');
    // A launch of a game the call does not play: only the lobby helps.
    expect(refused('operation_not_allowed', { reason: 'played_in_room' }).fatal).toBe(true);
    // A reason this page does not know, or none (a seamless refusal's `{ error }`): the generic words, not the English.
    const generic = { title: 'Something went wrong', text: 'Something went wrong. Try again.', fatal: false };
    expect(refused('operation_not_allowed', { reason: 'a_later_reason' })).toEqual(generic);
    expect(refused('operation_not_allowed', { error: 'vendor_disabled' })).toEqual(generic);
    expect(refused('not_found', null, 'Not found')).toEqual(generic);

    await loadHouseTexts('VI');
    expect(refused('operation_not_allowed', { reason: 'betting_closed' })).toMatchObject({ title: 'Cược không được chấp nhận', text: 'Đã đóng cược ván này. Hãy cược ván sau.' });
    expect(refused('operation_not_allowed', { reason: 'too_late', crashPoint: 1204 }).text).toBe('Quá muộn: tên lửa đã nổ ở 12.04×.');
    await loadHouseTexts('CN');
    expect(refused('operation_not_allowed', { reason: 'hand_open' }).text).toBe('请先完成未结束的牌局。');

    // Every reason has its own words in every language: none falls back to the generic text or reads the key.
    for (const { code } of LANGUAGES) {
      await loadHouseTexts(code);
      const fallback = refused('operation_not_allowed', { reason: 'a_later_reason' }).text;
      for (const reason of HOUSE_REFUSALS) {
        const { title, text } = refused('operation_not_allowed', { reason, crashPoint: 150 });
        expect([code, reason, text === fallback || /^(refused|err)[A-Z]/.test(text) || /^(refused|err)[A-Z]/.test(title)]).toEqual([code, reason, false]);
      }
    }
  });
});
