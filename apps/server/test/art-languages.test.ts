import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { games, merchants } from '../src/db/schema.ts';
import { createTestApp, TEST_DB, type TTestApp } from './support/test-app.ts';

/**
 * The drawn artwork in the reader's language (issue 23): /img/banners, /img/promos and /img/games take `?lang=`, a code
 * of the language list; anything else falls back to the merchant's default language, then English.
 */

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe(`drawn artwork in the reader's language on ${TEST_DB}`, () => {
  it('draws a banner in the language of ?lang, cached by its URL', async () => {
    const vi = await get('/img/banners/1.svg?lang=VI');
    expect(vi.statusCode).toBe(200);
    expect(vi.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(vi.headers['cache-control']).toBe('public, max-age=3600');
    expect(vi.headers.vary ?? '').not.toMatch(/language/i);
    expect(vi.body).toContain('aria-label="Xổ số Việt Nam"');
    expect(vi.body).toContain('>XỔ SỐ VIỆT NAM<');
    expect(vi.body).toContain('>CHƠI NGAY<');
    expect((await get('/img/banners/1.svg?lang=vi')).body).toBe(vi.body);
    expect((await get('/img/banners/1.svg?lang=EN')).body).toContain('>VIETNAMESE<');
    expect((await get('/img/promos/5.svg?lang=CN')).body).toContain('>每日签到<');
  });

  it('ignores a language that is not on the list: the merchant\'s default language, then English', async () => {
    const [merchant] = await t.database.db.select({ language: merchants.defaultLanguage }).from(merchants).where(eq(merchants.id, t.merchantId));
    const plain = await get('/img/banners/1.svg');
    for (const lang of ['XX', '', '<script>', 'VI&lang=CN']) {
      const res = await get(`/img/banners/1.svg?lang=${encodeURIComponent(lang)}`);
      expect(res.statusCode, lang).toBe(200);
      expect(res.body, lang).toBe(plain.body);
    }
    // The demo merchant's default is Burmese; TH has no drawing of its own and falls back to it.
    expect(merchant?.language).toBe('MY');
    expect(plain.body).toContain('aria-label="ဗီယက်နမ်ထီ"');
    expect((await get('/img/banners/1.svg?lang=TH')).body).toBe(plain.body);
    expect((await get('/img/banners/9.svg?lang=VI')).statusCode).toBe(404);
  });

  it("draws a game tile with the game's name in the reader's language", async () => {
    const [game] = await t.database.db
      .select()
      .from(games)
      .where(and(eq(games.merchantId, t.merchantId), eq(games.vassalage, 'PH_SLOT'), eq(games.gameId, 'lucky-crown')));
    const vi = game?.texts.VI?.name;
    expect(vi).toBeTruthy();
    expect((await get('/img/games/PH_SLOT/lucky-crown.svg?lang=VI')).body).toContain(`aria-label="${vi}"`);
    expect((await get('/img/games/PH_SLOT/lucky-crown.svg?lang=EN')).body).toContain(`aria-label="${game?.name}"`);
    expect((await get('/img/games/PH_SLOT/lucky-crown.svg?lang=XX')).body).toContain(`aria-label="${game?.texts.MY?.name}"`);
  });
});
