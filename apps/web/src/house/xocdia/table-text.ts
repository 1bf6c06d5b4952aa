import { textFor, type TTexts, type TTranslator } from '../shared/text.ts';

/** The betting table's words, shared by xóc đĩa and bầu cua (single table and room), in the four page languages. */
export type TTableKey =
  | 'placeBet' | 'clear' | 'totalBet' | 'chips' | 'hintPick' | 'hintNoMore' | 'hintWin' | 'hintLose' | 'hintRefused'
  | 'limits' | 'pays' | 'history' | 'historyEmpty' | 'info' | 'rtp'
  | 'roomOpen' | 'roomCountdown' | 'roomClosed' | 'roomRound' | 'players' | 'noPlayers' | 'banker' | 'bankerHouse' | 'you'
  | 'slipPlaced' | 'youWon' | 'youLost' | 'noBetThisRound'
  | 'fairTitle' | 'fairCommitted' | 'fairClient' | 'fairNonce' | 'fairLast' | 'fairSeed' | 'recheckOk' | 'recheckBad' | 'recheckNone'
  | 'bankerBank' | 'coverage' | 'bankAmount' | 'bankLimits' | 'takeSeat' | 'leaveSeat' | 'seatBetweenRounds' | 'bankTaken' | 'bankLeft' | 'bankerResult' | 'bankReturned';

export const TABLE_TEXTS: { EN: TTexts<TTableKey>; MY: TTexts<TTableKey>; CN: TTexts<TTableKey>; VI: TTexts<TTableKey> } = {
  EN: {
    placeBet: 'Place bet', clear: 'Clear', totalBet: 'Total bet', chips: 'Chips',
    hintPick: 'Pick a chip, tap the spots you back, then place your bet.', hintNoMore: 'No more bets.',
    hintWin: 'Paid {paid} on bets of {stake}.', hintLose: 'No win this round.', hintRefused: 'The bet was not taken. Change it and try again.',
    limits: 'Table limits: {min} – {max} per spot', pays: 'pays {odds}', history: 'History', historyEmpty: 'No rounds yet.',
    info: 'Rules and payouts', rtp: 'Return to player: {rtp}',
    roomOpen: 'Betting open — the countdown starts with the first bet', roomCountdown: 'Betting closes in {s} s', roomClosed: 'Betting closed — the result is coming',
    roomRound: 'Round #{n}', players: 'Players this round', noPlayers: 'No bets yet this round.', banker: 'Banker', bankerHouse: 'the house', you: 'you',
    slipPlaced: 'Your bets are in for round #{n}.', youWon: 'You won {amount}', youLost: 'You lost {amount}', noBetThisRound: 'You had no bet on that round.',
    fairTitle: 'Provably fair (room seeds)', fairCommitted: 'Server seed hash (SHA-256), committed', fairClient: 'Client seed', fairNonce: 'Nonce (round number)',
    fairLast: 'Last round #{n}', fairSeed: 'Revealed server seed', recheckOk: 'Re-checked in your browser: hash and result match', recheckBad: 'Re-check FAILED: the seed or the result does not match', recheckNone: 'No round decided yet.',
    bankerBank: 'bank {bank}', coverage: 'still covers {amount}', bankAmount: 'Bank', bankLimits: '({min} – {max})',
    takeSeat: 'Take the banker seat', leaveSeat: 'Leave the seat', seatBetweenRounds: 'The banker seat changes between rounds',
    bankTaken: 'You bank this room with {bank}. You do not bet in the rounds you bank.', bankLeft: 'You left the seat: your bank of {amount} is back in your balance.',
    bankerResult: 'as banker {net} (rake {rake}), bank {bank}', bankReturned: 'Your bank fell under the room minimum: {amount} is back in your balance and the house banks again.',
  },
  VI: {
    placeBet: 'Đặt cược', clear: 'Xoá cược', totalBet: 'Tổng cược', chips: 'Phỉnh',
    hintPick: 'Chọn phỉnh, bấm vào cửa muốn cược rồi bấm Đặt cược.', hintNoMore: 'Hết thời gian đặt cược.',
    hintWin: 'Thắng {paid} trên tổng cược {stake}.', hintLose: 'Ván này không trúng.', hintRefused: 'Cược chưa được nhận. Sửa lại rồi thử lần nữa.',
    limits: 'Hạn mức bàn: {min} – {max} mỗi cửa', pays: 'ăn {odds}', history: 'Lịch sử', historyEmpty: 'Chưa có ván nào.',
    info: 'Luật chơi và tỷ lệ trả thưởng', rtp: 'Tỷ lệ hoàn trả (RTP): {rtp}',
    roomOpen: 'Đang nhận cược — đồng hồ đếm ngược chạy từ cược đầu tiên', roomCountdown: 'Còn {s} giây để đặt cược', roomClosed: 'Đã khoá cược — chờ mở bát',
    roomRound: 'Ván #{n}', players: 'Người chơi ván này', noPlayers: 'Ván này chưa ai đặt cược.', banker: 'Nhà cái', bankerHouse: 'hệ thống', you: 'bạn',
    slipPlaced: 'Đã đặt cược cho ván #{n}.', youWon: 'Bạn thắng {amount}', youLost: 'Bạn thua {amount}', noBetThisRound: 'Bạn không cược ván đó.',
    fairTitle: 'Công bằng có thể kiểm chứng (seed của phòng)', fairCommitted: 'Mã băm server seed (SHA-256) đã công bố', fairClient: 'Client seed', fairNonce: 'Nonce (số ván)',
    fairLast: 'Ván vừa rồi #{n}', fairSeed: 'Server seed đã công khai', recheckOk: 'Đã kiểm tra lại trên trình duyệt: mã băm và kết quả khớp', recheckBad: 'Kiểm tra THẤT BẠI: seed hoặc kết quả không khớp', recheckNone: 'Chưa có ván nào được mở.',
    bankerBank: 'vốn cái {bank}', coverage: 'còn chi trả được {amount}', bankAmount: 'Vốn làm cái', bankLimits: '(từ {min} đến {max})',
    takeSeat: 'Làm nhà cái', leaveSeat: 'Rời ghế nhà cái', seatBetweenRounds: 'Chỉ đổi nhà cái giữa hai ván',
    bankTaken: 'Bạn đang làm cái với {bank}. Nhà cái không được đặt cược trong ván mình làm cái.', bankLeft: 'Bạn đã rời ghế nhà cái: vốn {amount} đã về số dư.',
    bankerResult: 'làm cái {net} (phí {rake}), vốn còn {bank}', bankReturned: 'Vốn cái dưới mức tối thiểu của phòng: {amount} đã về số dư, hệ thống làm cái trở lại.',
  },
  CN: {
    placeBet: '下注', clear: '清除', totalBet: '总投注', chips: '筹码',
    hintPick: '选择筹码，点选要押的位置，然后下注。', hintNoMore: '停止下注。',
    hintWin: '投注 {stake}，派彩 {paid}。', hintLose: '本局未中奖。', hintRefused: '投注未被接受，请修改后重试。',
    limits: '台面限红：每门 {min} – {max}', pays: '赔率 {odds}', history: '历史', historyEmpty: '暂无牌局。',
    info: '规则与赔率', rtp: '返还率：{rtp}',
    roomOpen: '正在接受投注——首注落下后开始倒计时', roomCountdown: '{s} 秒后停止下注', roomClosed: '已停止下注——即将开盅',
    roomRound: '第 {n} 局', players: '本局玩家', noPlayers: '本局尚无人下注。', banker: '庄家', bankerHouse: '平台', you: '你',
    slipPlaced: '第 {n} 局已下注。', youWon: '你赢了 {amount}', youLost: '你输了 {amount}', noBetThisRound: '你在该局没有下注。',
    fairTitle: '可验证公平（房间种子）', fairCommitted: '服务器种子哈希（SHA-256），事先公布', fairClient: '客户端种子', fairNonce: 'Nonce（局号）',
    fairLast: '上一局 第 {n} 局', fairSeed: '已公开的服务器种子', recheckOk: '已在浏览器中复核：哈希与结果一致', recheckBad: '复核失败：种子或结果不一致', recheckNone: '尚无已开奖的牌局。',
    bankerBank: '本金 {bank}', coverage: '尚可赔付 {amount}', bankAmount: '坐庄本金', bankLimits: '（{min} – {max}）',
    takeSeat: '我要坐庄', leaveSeat: '下庄', seatBetweenRounds: '只能在两局之间换庄',
    bankTaken: '你已坐庄，本金 {bank}。坐庄的牌局你不能下注。', bankLeft: '你已下庄：本金 {amount} 已退回余额。',
    bankerResult: '坐庄 {net}（抽水 {rake}），本金 {bank}', bankReturned: '本金低于房间下限：{amount} 已退回余额，改由平台坐庄。',
  },
  MY: {
    placeBet: 'လောင်းမည်', clear: 'ရှင်းမည်', totalBet: 'စုစုပေါင်းလောင်းကြေး', chips: 'ချစ်ပ်များ',
    hintPick: 'ချစ်ပ်တစ်ခုရွေးပါ၊ လောင်းလိုသည့်နေရာကို နှိပ်ပြီး လောင်းမည်ကို နှိပ်ပါ။', hintNoMore: 'လောင်းကြေး ပိတ်ပါပြီ။',
    hintWin: 'လောင်းကြေး {stake} အတွက် {paid} ပေးချေပြီး။', hintLose: 'ဤပွဲတွင် မနိုင်ပါ။', hintRefused: 'လောင်းကြေးကို လက်မခံပါ။ ပြင်ပြီး ထပ်ကြိုးစားပါ။',
    limits: 'စားပွဲကန့်သတ်ချက်: တစ်နေရာလျှင် {min} – {max}', pays: '{odds} ပေးသည်', history: 'မှတ်တမ်း', historyEmpty: 'ပွဲမရှိသေးပါ။',
    info: 'စည်းမျဉ်းနှင့် ပေးချေနှုန်း', rtp: 'ကစားသူထံ ပြန်ပေးနှုန်း: {rtp}',
    roomOpen: 'လောင်းကြေး ဖွင့်ထားသည် — ပထမလောင်းကြေးနှင့် နောက်ပြန်ရေတွက်မှု စတင်မည်', roomCountdown: 'လောင်းကြေး {s} စက္ကန့်အတွင်း ပိတ်မည်', roomClosed: 'လောင်းကြေး ပိတ်ပြီ — ရလဒ် လာနေသည်',
    roomRound: 'ပွဲ #{n}', players: 'ဤပွဲရှိ ကစားသူများ', noPlayers: 'ဤပွဲတွင် လောင်းကြေး မရှိသေးပါ။', banker: 'ဒိုင်', bankerHouse: 'အိမ်ရှင်', you: 'သင်',
    slipPlaced: 'ပွဲ #{n} အတွက် လောင်းပြီးပါပြီ။', youWon: 'သင် {amount} နိုင်သည်', youLost: 'သင် {amount} ရှုံးသည်', noBetThisRound: 'ထိုပွဲတွင် သင် မလောင်းခဲ့ပါ။',
    fairTitle: 'သက်သေပြနိုင်သော တရားမျှတမှု (အခန်း seed)', fairCommitted: 'ဆာဗာ seed hash (SHA-256)၊ ကြိုတင်ထုတ်ပြန်ထားသည်', fairClient: 'ကလိုင်းယင့် seed', fairNonce: 'Nonce (ပွဲနံပါတ်)',
    fairLast: 'ပြီးခဲ့သောပွဲ #{n}', fairSeed: 'ထုတ်ဖော်ပြီး ဆာဗာ seed', recheckOk: 'သင့်ဘရောက်ဇာတွင် ပြန်စစ်ပြီး: hash နှင့် ရလဒ် ကိုက်ညီသည်', recheckBad: 'ပြန်စစ်မှု မအောင်မြင်ပါ: seed သို့မဟုတ် ရလဒ် မကိုက်ညီပါ', recheckNone: 'ရလဒ်ထွက်ပြီး ပွဲ မရှိသေးပါ။',
    bankerBank: 'အရင်းငွေ {bank}', coverage: 'ပေးချေနိုင်ငွေ ကျန် {amount}', bankAmount: 'ဒိုင်အရင်းငွေ', bankLimits: '({min} – {max})',
    takeSeat: 'ဒိုင်ထိုင်မည်', leaveSeat: 'ဒိုင်နေရာမှ ထွက်မည်', seatBetweenRounds: 'ဒိုင်နေရာကို ပွဲနှစ်ပွဲကြားတွင်သာ ပြောင်းနိုင်သည်',
    bankTaken: 'သင် {bank} ဖြင့် ဤအခန်းကို ဒိုင်ခံနေသည်။ ဒိုင်ခံသောပွဲတွင် သင် မလောင်းနိုင်ပါ။', bankLeft: 'ဒိုင်နေရာမှ ထွက်ပြီး: အရင်းငွေ {amount} ကို လက်ကျန်ငွေသို့ ပြန်ထည့်ပြီး။',
    bankerResult: 'ဒိုင်အဖြစ် {net} (ကော်မရှင် {rake})၊ အရင်းငွေ {bank}', bankReturned: 'အရင်းငွေ အခန်း၏ အနည်းဆုံးထက် လျော့သွားသည်: {amount} ကို လက်ကျန်ငွေသို့ ပြန်ထည့်ပြီး အိမ်ရှင်က ပြန်ဒိုင်ခံမည်။',
  },
};

export const tableText = (lang: string | null | undefined): TTranslator<TTableKey> => textFor(lang, TABLE_TEXTS);
