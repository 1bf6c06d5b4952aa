import { findLanguage } from '@playhall/contract/languages';
import type { TReader } from '../../lib/content-language.ts';

/**
 * The words drawn on the hero banners and the promotion art, one table per language (issue 23). The titles are the
 * demo content's own, as seeded in each language (db/seed-texts/<code>.json: the banners' announcements, the
 * promotions' and activities' titles), so a banner reads as the notice it links to. Written in sentence case: the art
 * draws them in capitals where the script has them, and reads them so to a screen reader.
 */
export interface TArtWords {
  /** Hero banners 1–3 (/img/banners/N.svg). */
  banners: readonly [TBannerWords, TBannerWords, TBannerWords];
  /** The banners' button. */
  playNow: string;
  /** Promotion art 1–8 (/img/promos/N.svg): the title and the figure drawn large. */
  promos: readonly [TPromoWords, TPromoWords, TPromoWords, TPromoWords, TPromoWords, TPromoWords, TPromoWords, TPromoWords];
}
interface TBannerWords {
  title: string;
  subtitle: string;
}
interface TPromoWords {
  title: string;
  figure: string;
}

const EN: TArtWords = {
  banners: [
    { title: 'Vietnamese lottery', subtitle: 'North · Central · South — every evening' },
    { title: 'Live baccarat', subtitle: 'Provably fair — check every round' },
    { title: 'Welcome to Playhall', subtitle: 'Seven game categories, one wallet' },
  ],
  playNow: 'Play now',
  promos: [
    { title: 'First deposit', figure: '100%' },
    { title: 'Daily rebate', figure: '1.2%' },
    { title: 'Invite friends', figure: '+VIP' },
    // The demo activities (issue 17, db/seed-activities.ts).
    { title: 'Reload bonus', figure: '50%' },
    { title: 'Daily check-in', figure: '7 days' },
    { title: 'Weekly cashback', figure: '5%' },
    { title: 'Turnover tiers', figure: '3 tiers' },
    { title: 'Share your win', figure: '50K' },
  ],
};

const MY: TArtWords = {
  banners: [
    { title: 'ဗီယက်နမ်ထီ', subtitle: 'မြောက်ပိုင်း · အလယ်ပိုင်း · တောင်ပိုင်း — ညနေတိုင်း ထီဖွင့်ပါသည်' },
    { title: 'တိုက်ရိုက် ဘာကာရက်', subtitle: 'ပွဲတိုင်း၏ တရားမျှတမှုကို ကိုယ်တိုင် စစ်ဆေးနိုင်သည်' },
    { title: 'Playhall မှ ကြိုဆိုပါသည်', subtitle: 'ဂိမ်းအမျိုးအစား ခုနစ်မျိုး၊ ပိုက်ဆံအိတ် တစ်ခုတည်း' },
  ],
  playNow: 'ယခု ကစားပါ',
  promos: [
    { title: 'ပထမဆုံး ငွေသွင်း ဘောနပ်စ်', figure: '100%' },
    { title: 'နေ့စဉ် ပြန်အမ်းငွေ', figure: '1.2%' },
    { title: 'သူငယ်ချင်းများကို ဖိတ်ခေါ်ပါ', figure: '+VIP' },
    { title: 'ထပ်မံငွေသွင်း ဘောနပ်စ်', figure: '50%' },
    { title: 'နေ့စဉ် ချက်အင်', figure: '7 ရက်' },
    { title: 'အပတ်စဉ် အရှုံးငွေ ပြန်အမ်း', figure: '5%' },
    { title: 'အပတ်စဉ် လောင်းကြေးလည်ပတ်မှု အဆင့်များ', figure: '3 ဆင့်' },
    // 50,000 ₫: five "သောင်း" (ten thousands), as amounts are said in Burmese.
    { title: 'သင့်ဆုကြီးကို မျှဝေပါ', figure: '5 သောင်း' },
  ],
};

const CN: TArtWords = {
  banners: [
    { title: '越南彩票', subtitle: '北部 · 中部 · 南部——每晚开奖' },
    { title: '真人百家乐', subtitle: '结果可验证公平——每一局都能亲自查验' },
    { title: '欢迎来到 Playhall', subtitle: '七大游戏类别，一个钱包畅玩' },
  ],
  playNow: '立即游戏',
  promos: [
    { title: '首存红利', figure: '100%' },
    { title: '每日返水', figure: '1.2%' },
    { title: '邀请好友', figure: '+VIP' },
    { title: '再存红利', figure: '50%' },
    { title: '每日签到', figure: '7天' },
    { title: '每周亏损返现', figure: '5%' },
    { title: '每周流水阶梯', figure: '3档' },
    { title: '晒出你的大奖', figure: '5万' },
  ],
};

const VI: TArtWords = {
  banners: [
    { title: 'Xổ số Việt Nam', subtitle: 'Ba miền Bắc · Trung · Nam — quay thưởng mỗi tối' },
    { title: 'Baccarat trực tiếp', subtitle: 'Công bằng có thể kiểm chứng từng ván' },
    { title: 'Chào mừng bạn đến với Playhall', subtitle: 'Bảy thể loại trò chơi, một ví duy nhất' },
  ],
  playNow: 'Chơi ngay',
  promos: [
    { title: 'Thưởng nạp đầu', figure: '100%' },
    { title: 'Hoàn trả hằng ngày', figure: '1,2%' },
    { title: 'Mời bạn bè', figure: '+VIP' },
    { title: 'Thưởng nạp lại', figure: '50%' },
    { title: 'Điểm danh hằng ngày', figure: '7 ngày' },
    { title: 'Hoàn tiền thua hằng tuần', figure: '5%' },
    { title: 'Mốc doanh số cược hằng tuần', figure: '3 mốc' },
    { title: 'Khoe chiến thắng lớn', figure: '50K' },
  ],
};

/** Every language the artwork is drawn in. Another language falls back (artWordsFor). */
export const ART_WORDS = { EN, MY, CN, VI } as const satisfies Record<string, TArtWords>;
export type TArtLanguage = keyof typeof ART_WORDS;

const isArtLanguage = (code: string | null): code is TArtLanguage => code !== null && Object.hasOwn(ART_WORDS, code);

/**
 * The words for a reader, by the chain of content-language.ts: their language's, else the merchant's default
 * language's, else English. `tag` is the BCP 47 tag of the language the words are in (capitals, `lang`).
 */
export function artWordsFor(reader: TReader): { language: TArtLanguage; tag: string; words: TArtWords } {
  const code = [reader.language, reader.fallback].find(isArtLanguage) ?? 'EN';
  return { language: code, tag: findLanguage(code)?.tag ?? 'en', words: ART_WORDS[code] };
}
