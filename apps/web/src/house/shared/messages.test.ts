import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
