import type { THouseLang, TTexts } from './text.ts';

/**
 * The words the felt tables (roulette, sic bo) say alike, in the four languages of the house pages: the table kit's
 * controls and messages, the rules table's heads, the even-money names. Each page's dictionary spreads them and adds
 * its own (its test holds every key in every language).
 */
export type TTableKitWord =
  | 'hintNoMore'
  | 'hintWin'
  | 'overMax'
  | 'overTotal'
  | 'chips'
  | 'chip'
  | 'undo'
  | 'clear'
  | 'rebet'
  | 'totalBet'
  | 'limits'
  | 'result'
  | 'lastResults'
  | 'even'
  | 'odd'
  | 'rules'
  | 'colBet'
  | 'colPays'
  | 'colLimit'
  | 'colRtp'
  | 'spotLabel'
  | 'betsPlaced';

export const TABLE_KIT_WORDS: Record<THouseLang, TTexts<TTableKitWord>> = {
  EN: {
    hintNoMore: 'No more bets.',
    hintWin: 'Paid {paid} on bets of {staked}.',
    overMax: 'The most on one {bet} bet is {max}.',
    overTotal: 'A round takes at most {max} in bets.',
    chips: 'Chips',
    chip: 'Chip {value}',
    undo: 'Undo',
    clear: 'Clear',
    rebet: 'Rebet',
    totalBet: 'Total bet',
    limits: 'Table limits',
    result: 'Result',
    lastResults: 'Last {n} results',
    even: 'Even',
    odd: 'Odd',
    rules: 'Rules & payouts',
    colBet: 'Bet',
    colPays: 'Pays',
    colLimit: 'Limit',
    colRtp: 'RTP',
    spotLabel: '{bet}, pays {pays}',
    betsPlaced: '{n} bets',
  },
  MY: {
    hintNoMore: 'လောင်းကြေး ပိတ်ပါပြီ။',
    hintWin: 'လောင်းကြေး {staked} အတွက် {paid} ပေးချေပြီး။',
    overMax: '{bet} လောင်းကြေး တစ်ခုလျှင် အများဆုံး {max} ဖြစ်သည်။',
    overTotal: 'တစ်ပွဲလျှင် လောင်းကြေး စုစုပေါင်း အများဆုံး {max} ဖြစ်သည်။',
    chips: 'ချစ်ပ်များ',
    chip: 'ချစ်ပ် {value}',
    undo: 'နောက်ပြန်',
    clear: 'ရှင်းမည်',
    rebet: 'ထပ်လောင်း',
    totalBet: 'စုစုပေါင်း လောင်းကြေး',
    limits: 'စားပွဲ ကန့်သတ်ချက်',
    result: 'ရလဒ်',
    lastResults: 'နောက်ဆုံး ရလဒ် {n} ခု',
    even: 'စုံ',
    odd: 'မ',
    rules: 'စည်းမျဉ်းနှင့် ပေးချေမှု',
    colBet: 'လောင်းကြေး',
    colPays: 'ပေးချေ',
    colLimit: 'ကန့်သတ်',
    colRtp: 'RTP',
    spotLabel: '{bet}၊ {pays} ပေးချေ',
    betsPlaced: 'လောင်းကြေး {n} ခု',
  },
  CN: {
    hintNoMore: '停止下注。',
    hintWin: '投注 {staked}，派彩 {paid}。',
    overMax: '{bet}单注最高 {max}。',
    overTotal: '每局投注合计最高 {max}。',
    chips: '筹码',
    chip: '筹码 {value}',
    undo: '撤销',
    clear: '清除',
    rebet: '重复下注',
    totalBet: '总投注',
    limits: '台面限额',
    result: '开奖结果',
    lastResults: '最近 {n} 局结果',
    even: '双',
    odd: '单',
    rules: '规则与赔率',
    colBet: '投注',
    colPays: '赔率',
    colLimit: '限额',
    colRtp: '返还率',
    spotLabel: '{bet}，赔率 {pays}',
    betsPlaced: '{n} 注',
  },
  VI: {
    hintNoMore: 'Ngừng đặt cược.',
    hintWin: 'Trả {paid} cho tổng cược {staked}.',
    overMax: 'Mỗi cửa {bet} cược tối đa {max}.',
    overTotal: 'Mỗi ván cược tối đa {max}.',
    chips: 'Phỉnh',
    chip: 'Phỉnh {value}',
    undo: 'Hoàn tác',
    clear: 'Xóa cược',
    rebet: 'Cược lại',
    totalBet: 'Tổng cược',
    limits: 'Giới hạn bàn',
    result: 'Kết quả',
    lastResults: '{n} kết quả gần nhất',
    even: 'Chẵn',
    odd: 'Lẻ',
    rules: 'Luật chơi & tỷ lệ trả thưởng',
    colBet: 'Cửa cược',
    colPays: 'Trả',
    colLimit: 'Giới hạn',
    colRtp: 'RTP',
    spotLabel: '{bet}, trả {pays}',
    betsPlaced: '{n} cửa cược',
  },
};
