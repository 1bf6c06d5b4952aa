import { sql } from 'drizzle-orm';
import { rowsOf, type TTx } from '../../db/client.ts';
import { messageBatches, type TContentTexts } from '../../db/schema.ts';

/** Who an operator send reaches. */
export type TSegment =
  | { to: 'member'; userId: number; username: string }
  | { to: 'vip'; levels: number[] }
  | { to: 'team'; agentId: number; agent: string }
  | { to: 'all' };

/** Responsible gaming (issue 22): a self-excluded member gets no promotional message. */
const notSelfExcluded = sql`and not exists (select 1 from rg_members r where r.user_id = u.id and r.excluded_until > now() + rg_offset())`;

/** Rows written per statement: one chunk of users by id. */
export const SEND_CHUNK = 10_000;

/**
 * Recipients: the merchant's active accounts that log in, members and agents alike (an agent reads its messages in
 * the same member centre). Locked and closed accounts and free-play guests (account type 4, thrown away after play)
 * get nothing.
 */
function segmentWhere(segment: TSegment) {
  switch (segment.to) {
    case 'member':
      return sql`and u.id = ${segment.userId}`;
    case 'vip':
      // No member_vip row is level 0.
      return sql`and coalesce((select v.level from member_vip v where v.user_id = u.id), 0) = any(${`{${segment.levels.join(',')}}`}::int[])`;
    case 'team':
      // The agent's downlines at any depth, not the agent itself (user_paths is the closure of the upline tree).
      return sql`and exists (select 1 from user_paths p where p.ancestor_id = ${segment.agentId} and p.descendant_id = u.id and p.depth >= 1)`;
    case 'all':
      return sql``;
  }
}

/**
 * One operator send: the batch row, then one `INSERT … SELECT` per chunk of 10,000 recipients in user-id order, all in
 * the caller's transaction (the send happens whole or not at all). The content (and each language's in `texts`) is
 * already sanitised. The texts in other languages are stored once, on the batch: a member's message reads them from
 * there (inbox.service.ts). Each message carries the key `batch:<id>`, so a chunk written twice writes nothing twice.
 * Returns the batch id and the count.
 */
export async function sendMessageBatch(
  tx: TTx,
  merchantId: number,
  send: { kind: 'system' | 'promotion' | 'personal'; title: string; content: string; texts?: TContentTexts; segment: TSegment; actor: string },
  chunk = SEND_CHUNK,
): Promise<{ batchId: number; recipients: number }> {
  const segmentJson: Record<string, unknown> =
    send.segment.to === 'member'
      ? { to: 'member', username: send.segment.username }
      : send.segment.to === 'team'
        ? { to: 'team', agent: send.segment.agent }
        : { ...send.segment };
  const [batch] = await tx
    .insert(messageBatches)
    .values({ merchantId, kind: send.kind, title: send.title, content: send.content, texts: send.texts ?? {}, segment: segmentJson, actor: send.actor })
    .returning({ id: messageBatches.id });
  if (!batch) throw new Error('batch insert returned nothing');
  const key = `batch:${batch.id}`;
  let after = 0;
  let recipients = 0;
  for (;;) {
    const [row] = rowsOf<{ last: string | null; seen: number; written: number }>(
      await tx.execute(sql`
        with chunk as (
          select u.id from users u
          where u.merchant_id = ${merchantId} and u.status = 'active' and u.account_type <> 4 and u.id > ${after}
            ${segmentWhere(send.segment)}
            ${send.kind === 'promotion' ? notSelfExcluded : sql``}
          order by u.id limit ${chunk}
        ),
        ins as (
          insert into member_messages (user_id, kind, title, content, batch_id, source_key)
          select c.id, ${send.kind}, ${send.title}, ${send.content}, ${batch.id}, ${key} from chunk c
          on conflict (user_id, source_key) where source_key is not null do nothing
          returning 1
        )
        select (select max(id) from chunk)::text as last, (select count(*) from chunk)::int as seen, (select count(*) from ins)::int as written`),
    );
    recipients += Number(row?.written ?? 0);
    if (!row?.last || Number(row.seen) < chunk) break;
    after = Number(row.last);
  }
  await tx.execute(sql`update message_batches set recipients = ${recipients} where id = ${batch.id}`);
  return { batchId: batch.id, recipients };
}
