import { GAME_CATEGORIES, type TGameCategory } from '@playhall/contract/categories';
import type { TTransactionDetail } from '@playhall/contract/calls/wallet';
import { parseLedgerKey } from '../agent-engine/index.ts';

/** A game round or a lottery draw a record names, before its names are looked up; or a detail complete as it is. */
export type TDetailRef =
  | { kind: 'gameRound'; vassalage: string; round: string; rollback: boolean }
  | { kind: 'lotteryDraw'; gameCode: string; drawNo: string; voided: boolean }
  | TTransactionDetail;

const GAME_ENTRY_KINDS = new Set(['bet', 'payout', 'betRefund']);

/**
 * What a main-wallet entry is about, read from its kind, key and memo as this server writes them (issue 16: the
 * account record says it in words, not as a raw key): seamless game entries `vendor:…` with the memo
 * `<vassalage> <round>[ rollback]`; lottery entries with `Lottery <game> <draw>[ voided]`; contract payments by
 * their ledger key; deposits `deposit:<id>`; the platform's own entries. null: the memo is someone's own words.
 */
export function detailRef(entry: { kind: string; key: string; memo: string | null }): TDetailRef | null {
  const { kind, key, memo } = entry;
  if (key.startsWith('vendor:') && GAME_ENTRY_KINDS.has(kind)) {
    const m = /^(\S+) (\S+)( rollback)?$/.exec(memo ?? '');
    if (m?.[1] && m[2]) return { kind: 'gameRound', vassalage: m[1], round: m[2], rollback: Boolean(m[3]) };
  }
  if (key.startsWith('lottery')) {
    const m = /^Lottery (\S+) (\S+)( voided)?$/.exec(memo ?? '');
    if (m?.[1] && m[2]) return { kind: 'lotteryDraw', gameCode: m[1], drawNo: m[2], voided: Boolean(m[3]) };
  }
  if (kind === 'salary' || kind === 'dividend') {
    const contract = parseLedgerKey(key);
    if (contract) return { kind: 'contract', contractKind: contract.kind, period: contract.periodKey };
  }
  const deposit = /^deposit:(\d+)$/.exec(key);
  if (deposit) return { kind: 'deposit', channel: memo?.startsWith('Online') ? 'online' : 'bank', depositId: Number(deposit[1]) };
  if (key.startsWith('seed:demo:')) return { kind: 'system', code: 'demoBalance' };
  if (key.startsWith('bonus:welcome:')) return { kind: 'system', code: 'welcomeBonus' };
  if (key.startsWith('freeplay:')) return { kind: 'system', code: 'freePlay' };
  if (kind === 'vendorTransfer' && memo === 'Recall all') return { kind: 'system', code: 'recallAll' };
  return null;
}

/** The names a page of records needs: each game round's category and game, each vendor's and lottery game's name. */
export interface TDetailNames {
  rounds: Map<string, { category: string; game: string }>;
  vendors: Map<string, string>;
  lotteryGames: Map<string, string>;
}

export const roundKey = (vassalage: string, round: string): string => `${vassalage} ${round}`;

const isCategory = (c: string | undefined): c is TGameCategory => (GAME_CATEGORIES as readonly (string | undefined)[]).includes(c);

/** A reference completed with its names (the vendor code and game code stand in when a name is not found). */
export function detailOf(ref: TDetailRef | null, names: TDetailNames): TTransactionDetail | null {
  if (!ref) return null;
  if (ref.kind === 'gameRound') {
    const round = names.rounds.get(roundKey(ref.vassalage, ref.round));
    return {
      kind: 'game',
      category: isCategory(round?.category) ? round.category : null,
      vendor: names.vendors.get(ref.vassalage) ?? ref.vassalage,
      game: round?.game ?? null,
      round: ref.round,
      rollback: ref.rollback,
    };
  }
  if (ref.kind === 'lotteryDraw') {
    return { kind: 'lottery', game: names.lotteryGames.get(ref.gameCode) ?? ref.gameCode, drawNo: ref.drawNo, voided: ref.voided };
  }
  return ref;
}
