import { sql } from 'drizzle-orm';
import type { TDb } from './client.ts';
import * as t from './schema.ts';
import { seedTexts } from './seed-texts.ts';
import { sanitizeOperatorHtml } from '../lib/sanitize.ts';
import { writeEventMessage } from '../modules/inbox/event-messages.ts';

const HOUR = 3_600_000;

/**
 * member01's inbox (issue 19): operator messages of each kind (some read, one with formatting), each sent as the
 * operator sends one (a batch to member01, with the message in MY, CN and VI: seed-texts), beside the event messages
 * the other demo data wrote (the welcome, bonuses), and two pieces of feedback: one the operator answered (the reply
 * came as a personal message) and one still open.
 */
export async function seedDemoInbox(db: TDb, merchantId: number, who: { member01: number }): Promise<void> {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  const messages: { kind: 'system' | 'promotion' | 'personal'; title: string; content: string; readAt?: Date; createdAt: Date }[] = [
    {
      kind: 'system',
      title: 'Scheduled maintenance on Sunday',
      content: '<p>Slots and live casino will be closed on <b>Sunday from 02:00 to 04:00</b> for an upgrade.</p><p>Your balance is safe; lottery tickets bought before then are settled as usual.</p>',
      readAt: at(70),
      createdAt: at(72),
    },
    {
      kind: 'promotion',
      title: 'Weekend reload: 20% up to 500,000 ₫',
      content:
        '<p>Deposit this weekend and get <b>20% extra</b>, up to <b>500,000 ₫</b>.</p><ul><li>Minimum deposit 100,000 ₫</li><li>Turnover 5× the bonus</li></ul><p>Join it on the <a href="/promotions">promotions page</a>.</p>',
      createdAt: at(26),
    },
    {
      kind: 'personal',
      title: 'Your VIP manager',
      content: '<p>Hello! I am your VIP manager. If anything about deposits or withdrawals is unclear, send us feedback from the member centre and I will answer.</p>',
      readAt: at(40),
      createdAt: at(48),
    },
    {
      kind: 'system',
      title: 'New: the chat room is open',
      content: '<p>Talk with other players in the <b>chat room</b>: open it from the side bar. Be kind; moderators are watching.</p>',
      createdAt: at(3),
    },
  ];
  for (const m of messages) {
    const content = sanitizeOperatorHtml(m.content);
    const [batch] = await db
      .insert(t.messageBatches)
      .values({ merchantId, kind: m.kind, title: m.title, content, texts: seedTexts('messages', m.title), segment: { to: 'member', username: 'member01' }, recipients: 1, actor: 'demo-operator', createdAt: m.createdAt })
      .returning({ id: t.messageBatches.id });
    if (!batch) throw new Error('message batch insert returned nothing');
    await db.insert(t.memberMessages).values({ ...m, userId: who.member01, content, batchId: batch.id, sourceKey: `batch:${batch.id}` });
  }

  const [answered] = await db
    .insert(t.feedback)
    .values({ userId: who.member01, category: 'withdrawal', content: 'My withdrawal took two hours yesterday. Is that normal?', createdAt: at(30) })
    .returning({ id: t.feedback.id });
  if (!answered) throw new Error('feedback insert returned nothing');
  const reply = 'Sorry for the wait: your bank was slow that evening. Withdrawals usually arrive within 15 minutes.';
  await db
    .update(t.feedback)
    .set({ status: 'replied', reply, repliedAt: at(28), repliedBy: 'demo-operator' })
    .where(sql`${t.feedback.id} = ${answered.id}`);
  await writeEventMessage(db, 'feedbackReplied', { userId: who.member01, sourceKey: `feedback:${answered.id}`, a: 'My withdrawal took two hours yesterday. Is that normal?', b: reply });
  // The reply's message is dated with the reply.
  await db.execute(sql`update member_messages set created_at = ${at(28).toISOString()}::timestamptz where user_id = ${who.member01} and source_key = ${`feedback:${answered.id}`}`);
  await db.insert(t.feedback).values({ userId: who.member01, category: 'games', content: 'Could you add more fishing games?', createdAt: at(2) });
}
