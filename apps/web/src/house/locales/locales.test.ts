import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@playhall/contract/language-list';
import { SLOT_CONFIGS } from '@playhall/contract/house-rules/slots/index';
import { HOUSE_LOCALES_DIR, localeRules } from '../../../../../scripts/locale-rules.mjs';
import { DRAGON_FISH, FISH } from '../fishing/fishing-rules.ts';
import { formatRtp, shellText } from '../shared/shell-text.ts';
import { houseLang, loadHouseTexts, localeTag, sectionTexts, textFor } from '../shared/text.ts';
import { SYMBOLS as LUCKY_CROWN_SYMBOLS } from '../slot/slot-rules.ts';

// Issue 23: the house game pages speak every language of the portal, by the same rules as the portal's locale files
// (scripts/locale-rules.mjs): every key of en.json, the same {placeholders}, nothing left in English unless listed
// in checks/same-as-english.json. `node scripts/locale-check.mjs` prints their coverage in `npm test`.
const rules = localeRules(HOUSE_LOCALES_DIR);
const en = rules.readLocale('en');

describe('house page words', () => {
  it('exist for exactly the languages of the portal', () => {
    expect(rules.localeCodes()).toEqual(LANGUAGES.map((l) => l.code.toLowerCase()).sort());
  });

  it.each(rules.localeCodes())('%s has every key of en.json with its placeholders, nothing left in English', (code) => {
    const { translated, total, problems } = rules.checkLocale(code, en);
    expect(problems).toEqual({ missing: [], extra: [], placeholders: [], plurals: [], english: [], listedButTranslated: [] });
    expect(translated).toBe(total);
  });

  it('load the launch language, English for a code without words, and fill in placeholders', async () => {
    expect(await loadHouseTexts('vi')).toBe('VI');
    expect(shellText()('rotate')).toBe('Đổi seed');
    expect(await loadHouseTexts('CN')).toBe('CN');
    expect(shellText()('balance')).toBe('余额');
    expect(await loadHouseTexts('XX')).toBe('EN');
    expect(shellText()('rtp', { rtp: formatRtp(0.9602) })).toBe('Return to player: 96.02 %');
    expect(textFor('cardTable', 'dragonTiger')('hintPaid', { payout: '2.00', stake: '1.00' })).toBe('Paid 2.00 on bets of 1.00.');
    expect(houseLang(null)).toBe('EN');
    expect(formatRtp(0.96, 'vi-VN')).toBe('96,00 %');
    expect(localeTag('EN')).toBe('en-GB');
    expect(localeTag('ar')).toBe('ar');
  });

  it('speak the players’ words: 庄/闲/和, 大/小, 围骰; Nhà cái, Tài/Xỉu, Chẵn/Lẻ, the six animals', async () => {
    await loadHouseTexts('CN');
    expect(['banker', 'player', 'tie'].map((k) => textFor('cardTable', 'baccarat')(k as 'tie'))).toEqual(['庄', '闲', '和']);
    expect((['big', 'small', 'triple', 'anyTriple'] as const).map((k) => textFor('sicbo')(k))).toEqual(['大', '小', '围骰', '全围']);
    expect(textFor('xocdiaTable')('banker')).toBe('庄家');
    await loadHouseTexts('VI');
    expect(['banker', 'player', 'tie'].map((k) => textFor('cardTable', 'baccarat')(k as 'tie'))).toEqual(['Nhà cái', 'Người chơi', 'Hòa']);
    expect((['big', 'small', 'triple'] as const).map((k) => textFor('sicbo')(k))).toEqual(['Tài', 'Xỉu', 'Bộ ba']);
    expect((['chan', 'le', 'red4', 'white3'] as const).map((k) => textFor('xocdia')(k))).toEqual(['Chẵn', 'Lẻ', '4 đỏ', '3 trắng 1 đỏ']);
    expect((['bau', 'cua', 'tom', 'ca', 'ga', 'nai'] as const).map((k) => textFor('baucua')(k))).toEqual(['Bầu', 'Cua', 'Tôm', 'Cá', 'Gà', 'Nai']);
    expect(textFor('blackjack')('dealer')).toBe('Nhà cái');
    await loadHouseTexts('MY');
    expect(textFor('xocdiaTable')('placeBet')).toMatch(/[\u1000-\u109f]/);
  });

  it('name every creature as the engine does, every slot symbol (card ranks read as themselves) and volatility', async () => {
    await loadHouseTexts('EN');
    for (const fish of [...FISH, ...DRAGON_FISH]) expect(sectionTexts('fishNames')[fish.code]).toBe(fish.name);
    const symbols = [...SLOT_CONFIGS.flatMap((c) => c.symbols.map((s) => s.id)), ...LUCKY_CROWN_SYMBOLS];
    for (const id of symbols) if (!['A', 'K', 'Q', 'J', '10'].includes(id)) expect(en, id).toHaveProperty([`slot.sym.${id}`]);
    for (const c of SLOT_CONFIGS) expect(en, c.volatility).toHaveProperty([`slot.vol.${c.volatility}`]);
  });
});
