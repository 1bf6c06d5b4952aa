import { sql } from 'drizzle-orm';
import type { TTx } from '../../db/client.ts';
import { formatMinorGrouped } from '../ledger/amount.ts';
import { escapeHtml } from '../../lib/sanitize.ts';

/**
 * Messages the platform writes when something happens to a member's money or contracts (issue 19). Each is written
 * once per member and event: its `source_key` (`deposit:<id>`…) is unique per member and the insert does nothing on a
 * second try, so a replayed callback or a rerun job writes no second message. The text is written in the member's
 * language at that moment (EN, MY, CN, VI; any other language gets English) and stored as it reads: messages are a
 * record of what the member was told, like a letter, not a view re-rendered on each read (docs/decisions.md).
 * Parameters are plain text, escaped into the stored HTML.
 */

type TLang = 'EN' | 'MY' | 'CN' | 'VI';
interface TTemplate {
  kind: 'system' | 'promotion' | 'personal';
  title: Record<TLang, string>;
  /** `{a}`, `{b}`, `{c}` are replaced by the event's parameters (escaped). */
  content: Record<TLang, string>;
}

export const EVENT_TEMPLATES = {
  depositCredited: {
    kind: 'system',
    title: { EN: 'Deposit credited', MY: 'ငွေသွင်းမှု ရောက်ရှိပြီ', CN: '存款已到账', VI: 'Tiền nạp đã vào ví' },
    content: {
      EN: 'Your deposit of {a} (no. {b}) has been credited to your main wallet.',
      MY: 'သင်၏ ငွေသွင်းမှု {a} (အမှတ် {b}) ကို ပင်မပိုက်ဆံအိတ်ထဲသို့ ထည့်သွင်းပြီးပါပြီ။',
      CN: '您的存款 {a}（单号 {b}）已存入主钱包。',
      VI: 'Khoản nạp {a} (mã {b}) đã được cộng vào ví chính của bạn.',
    },
  },
  withdrawalPaid: {
    kind: 'system',
    title: { EN: 'Withdrawal paid', MY: 'ငွေထုတ်မှု ပေးချေပြီ', CN: '提款已支付', VI: 'Đã chi trả khoản rút tiền' },
    content: {
      EN: 'Your withdrawal of {a} (no. {b}) has been paid to your bank account. Please confirm in your withdrawal records once it arrives.',
      MY: 'သင်၏ ငွေထုတ်မှု {a} (အမှတ် {b}) ကို သင့်ဘဏ်အကောင့်သို့ လွှဲပေးပြီးပါပြီ။ ငွေရောက်ရှိပါက ငွေထုတ်မှတ်တမ်းတွင် အတည်ပြုပေးပါ။',
      CN: '您的提款 {a}（单号 {b}）已汇至您的银行账户。到账后请在提款记录中确认。',
      VI: 'Khoản rút {a} (mã {b}) đã được chuyển vào tài khoản ngân hàng của bạn. Khi nhận được tiền, vui lòng xác nhận trong lịch sử rút tiền.',
    },
  },
  withdrawalRejected: {
    kind: 'system',
    title: { EN: 'Withdrawal rejected', MY: 'ငွေထုတ်မှု ပယ်ချခံရသည်', CN: '提款被拒绝', VI: 'Yêu cầu rút tiền bị từ chối' },
    content: {
      EN: 'Your withdrawal of {a} (no. {b}) was rejected and the amount has been returned to your main wallet. Reason: {c}',
      MY: 'သင်၏ ငွေထုတ်မှု {a} (အမှတ် {b}) ကို ပယ်ချလိုက်ပြီး ငွေပမာဏကို ပင်မပိုက်ဆံအိတ်သို့ ပြန်ထည့်ပေးပြီးပါပြီ။ အကြောင်းရင်း- {c}',
      CN: '您的提款 {a}（单号 {b}）已被拒绝，款项已退回您的主钱包。原因：{c}',
      VI: 'Yêu cầu rút {a} (mã {b}) đã bị từ chối và số tiền đã được hoàn lại vào ví chính của bạn. Lý do: {c}',
    },
  },
  bonusIssued: {
    kind: 'promotion',
    title: { EN: 'Bonus received', MY: 'ဘောနပ်စ် ရရှိပြီ', CN: '奖金已到账', VI: 'Bạn đã nhận tiền thưởng' },
    content: {
      EN: 'You received a bonus of {a}: {b}.',
      MY: 'သင် ဘောနပ်စ် {a} ရရှိပါသည်- {b}။',
      CN: '您获得了 {a} 的奖金：{b}。',
      VI: 'Bạn đã nhận được khoản thưởng {a}: {b}.',
    },
  },
  contractOffered: {
    kind: 'personal',
    title: { EN: 'New contract offer', MY: 'စာချုပ်အသစ် ကမ်းလှမ်းချက်', CN: '新的合约邀请', VI: 'Lời mời hợp đồng mới' },
    content: {
      EN: 'Your upline {a} has offered you a new contract. Open the agent centre to review and sign it.',
      MY: 'သင်၏ အထက်လိုင်း {a} က စာချုပ်အသစ်တစ်ခု ကမ်းလှမ်းထားပါသည်။ အေးဂျင့်စင်တာတွင် ကြည့်ရှုပြီး လက်မှတ်ထိုးပါ။',
      CN: '您的上级 {a} 向您发出了新的合约。请前往代理中心查看并签署。',
      VI: 'Cấp trên {a} đã gửi cho bạn một hợp đồng mới. Vào trung tâm đại lý để xem và ký.',
    },
  },
  billDue: {
    kind: 'personal',
    title: { EN: 'Bill due', MY: 'ပေးရန်ကျသော ငွေတောင်းခံလွှာ', CN: '账单到期', VI: 'Hóa đơn đến hạn' },
    content: {
      EN: 'A bill of {a} for {b} is due and could not be paid yet. Keep enough balance in your main wallet: it is paid automatically.',
      MY: '{b} အတွက် ငွေတောင်းခံလွှာ {a} ပေးရန် ကျရောက်နေပြီး မပေးချေရသေးပါ။ ပင်မပိုက်ဆံအိတ်တွင် လက်ကျန်ငွေ လုံလောက်စွာ ထားပါ- အလိုအလျောက် ပေးချေပါမည်။',
      CN: '{b} 的账单 {a} 已到期，尚未支付。请在主钱包中保留足够余额，系统将自动扣款。',
      VI: 'Hóa đơn {a} cho kỳ {b} đã đến hạn nhưng chưa thanh toán được. Hãy giữ đủ số dư trong ví chính: hệ thống sẽ tự động thanh toán.',
    },
  },
  feedbackReplied: {
    kind: 'personal',
    title: { EN: 'Reply to your feedback', MY: 'သင့်အကြံပြုချက်အတွက် အကြောင်းပြန်ချက်', CN: '您的反馈已回复', VI: 'Phản hồi cho góp ý của bạn' },
    content: {
      EN: '<p>About your feedback: “{a}”</p><p>{b}</p>',
      MY: '<p>သင့်အကြံပြုချက်- “{a}”</p><p>{b}</p>',
      CN: '<p>关于您的反馈：“{a}”</p><p>{b}</p>',
      VI: '<p>Về góp ý của bạn: “{a}”</p><p>{b}</p>',
    },
  },
} as const satisfies Record<string, TTemplate>;

export type TEventKind = keyof typeof EVENT_TEMPLATES;

/** One event's message for one member: the key names the event, the parameters fill the template (plain text). */
export interface TEventMessage {
  userId: number;
  sourceKey: string;
  a?: string;
  b?: string;
  c?: string;
}

/** An amount in minor units as messages show it: two decimals, thousands grouped ("50,000.00"). */
export const amountText = formatMinorGrouped;

const LANGS: TLang[] = ['MY', 'CN', 'VI'];

/** `{a}`… as SQL: the template with each placeholder replaced by the row's escaped parameter. */
function filled(template: string) {
  let expr = sql`${wrapped(template)}::text`;
  for (const p of ['a', 'b', 'c'] as const) expr = sql`replace(${expr}, ${`{${p}}`}, coalesce(e.${sql.raw(p)}, ''))`;
  return expr;
}

/** Contents that are one sentence become a paragraph; templates with their own paragraphs stay as written. */
function wrapped(template: string): string {
  return template.startsWith('<p>') ? template : `<p>${template}</p>`;
}

/** The template in the member's language: a CASE on `users.language`, English for anything else. */
function localised(texts: Record<TLang, string>, fill: (t: string) => ReturnType<typeof sql>) {
  const cases = LANGS.map((l) => sql`when ${l} then ${fill(texts[l])}`);
  return sql`case u.language ${sql.join(cases, sql` `)} else ${fill(texts.EN)} end`;
}

/**
 * Writes an event's messages, one per member and key, in one statement however many rows (set-based paths pass
 * a chunk at a time). A key already written for that member is skipped. Returns how many were written.
 */
export async function writeEventMessages(tx: TTx, event: TEventKind, rows: readonly TEventMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const t: TTemplate = EVENT_TEMPLATES[event];
  const esc = (v: string | undefined) => (v === undefined ? null : escapeHtml(v));
  const result = await tx.execute(sql`
    insert into member_messages (user_id, kind, title, content, source_key)
    select u.id, ${t.kind}, ${localised(t.title, (s) => sql`${s}::text`)}, ${localised(t.content, filled)}, e.source_key
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ user_id: r.userId, source_key: r.sourceKey, a: esc(r.a), b: esc(r.b), c: esc(r.c) })))}::jsonb)
         as e(user_id bigint, source_key text, a text, b text, c text)
    join users u on u.id = e.user_id
    on conflict (user_id, source_key) where source_key is not null do nothing`);
  return rowCount(result);
}

/** One event's message to one member (see writeEventMessages). */
export async function writeEventMessage(tx: TTx, event: TEventKind, row: TEventMessage): Promise<boolean> {
  return (await writeEventMessages(tx, event, [row])) > 0;
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}
