import { textFor, type TTexts, type TTranslator } from '../shared/text.ts';

/** Bầu cua's own words (the table's are in ../xocdia/table-text.ts). */
export type TBauCuaKey = 'title' | 'roomTitle' | 'bau' | 'cua' | 'tom' | 'ca' | 'ga' | 'nai' | 'rules' | 'roll';

export const BAUCUA_TEXTS: { EN: TTexts<TBauCuaKey>; MY: TTexts<TBauCuaKey>; CN: TTexts<TBauCuaKey>; VI: TTexts<TBauCuaKey> } = {
  EN: {
    title: 'Bầu Cua Tôm Cá', roomTitle: 'Bầu Cua · Room', bau: 'Gourd', cua: 'Crab', tom: 'Shrimp', ca: 'Fish', ga: 'Rooster', nai: 'Deer', roll: 'Rolling…',
    rules: 'Three dice with six animals are rolled. A bet on an animal pays 1 : 1 for each die that shows it (2 : 1 for two, 3 : 1 for three) and loses when none does.',
  },
  VI: {
    title: 'Bầu Cua Tôm Cá', roomTitle: 'Bầu Cua · Phòng', bau: 'Bầu', cua: 'Cua', tom: 'Tôm', ca: 'Cá', ga: 'Gà', nai: 'Nai', roll: 'Đang lắc…',
    rules: 'Lắc ba viên xúc xắc sáu mặt con vật. Đặt cửa nào, ra một con ăn 1 : 1, ra hai con ăn 2 : 1, ra ba con ăn 3 : 1; không ra con nào thì mất tiền cược.',
  },
  CN: {
    title: '鱼虾蟹', roomTitle: '鱼虾蟹 · 房间', bau: '葫芦', cua: '蟹', tom: '虾', ca: '鱼', ga: '鸡', nai: '鹿', roll: '摇骰中…',
    rules: '掷三颗六种动物的骰子。押中的动物每出现一颗赔 1 : 1（两颗 2 : 1，三颗 3 : 1），一颗都没有则输掉本金。',
  },
  MY: {
    title: 'Bầu Cua Tôm Cá', roomTitle: 'Bầu Cua · အခန်း', bau: 'ဘူးသီး', cua: 'ဂဏန်း', tom: 'ပုစွန်', ca: 'ငါး', ga: 'ကြက်', nai: 'သမင်', roll: 'အန်စာတုံး လှိမ့်နေသည်…',
    rules: 'တိရစ္ဆာန် ခြောက်မျိုးပါ အန်စာတုံး သုံးတုံးကို လှိမ့်သည်။ လောင်းထားသော တိရစ္ဆာန် တစ်တုံးပေါ်လျှင် 1 : 1၊ နှစ်တုံး 2 : 1၊ သုံးတုံး 3 : 1 ပေးပြီး မပေါ်လျှင် ရှုံးသည်။',
  },
};

export const bauCuaText = (lang: string | null | undefined): TTranslator<TBauCuaKey> => textFor(lang, BAUCUA_TEXTS);
