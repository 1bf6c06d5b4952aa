import { textFor, type TTexts, type TTranslator } from '../shared/text.ts';

/** Xóc đĩa's own words (the table's are in table-text.ts). */
export type TXocDiaKey = 'title' | 'chan' | 'le' | 'red4' | 'white4' | 'red3' | 'white3' | 'chanSub' | 'leSub' | 'reds' | 'rules' | 'shake' | 'roomTitle';

export const XOCDIA_TEXTS: { EN: TTexts<TXocDiaKey>; MY: TTexts<TXocDiaKey>; CN: TTexts<TXocDiaKey>; VI: TTexts<TXocDiaKey> } = {
  EN: {
    title: 'Xóc Đĩa', roomTitle: 'Xóc Đĩa · Room', chan: 'Even (Chẵn)', le: 'Odd (Lẻ)', red4: '4 red', white4: '4 white', red3: '3 red 1 white', white3: '3 white 1 red',
    chanSub: '4-0 · 2-2 · 0-4', leSub: '3-1 · 1-3', reds: '{n} red', shake: 'Shaking…',
    rules: 'Four discs, red on one side and white on the other, are shaken under a bowl. Even wins with 4, 2 or 0 reds; odd with 3 or 1. Odds are quoted on the stake: a 0.96 : 1 win on 100 returns 196 in all.',
  },
  VI: {
    title: 'Xóc Đĩa', roomTitle: 'Xóc Đĩa · Phòng', chan: 'Chẵn', le: 'Lẻ', red4: '4 đỏ', white4: '4 trắng', red3: '3 đỏ 1 trắng', white3: '3 trắng 1 đỏ',
    chanSub: '4-0 · 2-2 · 0-4', leSub: '3-1 · 1-3', reds: '{n} đỏ', shake: 'Đang xóc…',
    rules: 'Bốn quân vị một mặt đỏ một mặt trắng được xóc trong bát úp trên đĩa. Chẵn khi ra 4, 2 hoặc 0 đỏ; lẻ khi ra 3 hoặc 1 đỏ. Tỷ lệ tính trên tiền cược: cược 100 ăn 0,96 : 1 nhận về 196.',
  },
  CN: {
    title: '色碟', roomTitle: '色碟 · 房间', chan: '双', le: '单', red4: '4 红', white4: '4 白', red3: '3 红 1 白', white3: '3 白 1 红',
    chanSub: '4-0 · 2-2 · 0-4', leSub: '3-1 · 1-3', reds: '{n} 红', shake: '摇盅中…',
    rules: '四枚一面红一面白的棋子在碗下摇动。出 4、2 或 0 个红为双；出 3 或 1 个红为单。赔率不含本金：押 100 以 0.96 : 1 赢，返还 196。',
  },
  MY: {
    title: 'Xóc Đĩa', roomTitle: 'Xóc Đĩa · အခန်း', chan: 'စုံ', le: 'မ', red4: 'အနီ ၄', white4: 'အဖြူ ၄', red3: 'အနီ ၃ အဖြူ ၁', white3: 'အဖြူ ၃ အနီ ၁',
    chanSub: '4-0 · 2-2 · 0-4', leSub: '3-1 · 1-3', reds: 'အနီ {n}', shake: 'လှုပ်နေသည်…',
    rules: 'တစ်ဖက်အနီ တစ်ဖက်အဖြူ ပြားလေးချပ်ကို ပန်းကန်အောက်တွင် လှုပ်သည်။ အနီ ၄၊ ၂ သို့မဟုတ် ၀ ဆိုလျှင် စုံ နိုင်သည်၊ ၃ သို့မဟုတ် ၁ ဆိုလျှင် မ နိုင်သည်။ ပေးချေနှုန်းတွင် လောင်းကြေး မပါ: ၁၀၀ ကို 0.96 : 1 ဖြင့် နိုင်လျှင် ၁၉၆ ပြန်ရသည်။',
  },
};

export const xocDiaText = (lang: string | null | undefined): TTranslator<TXocDiaKey> => textFor(lang, XOCDIA_TEXTS);
