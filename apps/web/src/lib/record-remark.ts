import type { TTransaction } from '@playhall/contract/calls/wallet';
import { i18next } from './i18n.ts';

/** A round id as people glance at it: its first 8 characters, then an ellipsis (the full id is in the title). */
export function shortRound(round: string): string {
  return round.length > 10 ? `${round.slice(0, 8)}…` : round;
}

/**
 * An account-record row in words, in the page's language (issue 16): "Slots · Lucky Crown · round 8f2a91c0…", a lottery
 * draw, a contract payment, a deposit, the platform's own entries by name; otherwise the remark someone wrote.
 */
export function recordRemark(row: Pick<TTransaction, 'detail' | 'remark'>): string {
  const t = i18next.t;
  const d = row.detail;
  if (!d) return row.remark ?? '—';
  switch (d.kind) {
    case 'game': {
      const parts = [d.category ? t(`category.${d.category}`) : d.vendor, d.game ?? d.vendor, t('records.words.round', { id: shortRound(d.round) })];
      return [...new Set(parts)].join(' · ') + (d.rollback ? ` (${t('records.words.rolledBack')})` : '');
    }
    case 'lottery':
      return `${t('category.LOTT')} · ${d.game} · ${t('records.words.draw', { drawNo: d.drawNo })}${d.voided ? ` (${t('records.words.voided')})` : ''}`;
    case 'contract':
      return `${t(`agent.kind.${d.contractKind}`)} · ${d.period}`;
    case 'deposit':
      return `${t(d.channel === 'bank' ? 'wallet.bankTransfer' : 'wallet.onlinePayment')} · ${t('records.words.depositNo', { id: d.depositId })}`;
    case 'system':
      return t(`records.words.${d.code}`);
  }
}

/** The full text behind a shortened remark (the round id in full), for a cell's title. */
export function recordRemarkTitle(row: Pick<TTransaction, 'detail' | 'remark'>): string {
  const d = row.detail;
  return d?.kind === 'game' ? `${recordRemark(row)} — ${d.round}` : recordRemark(row);
}
