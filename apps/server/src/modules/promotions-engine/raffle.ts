import { checkAmount } from './rewards.ts';

/**
 * Raffle tickets are earned by turnover during the period; the draw itself is the published function of
 * @playhall/contract/raffle, which the member's browser re-runs (re-exported here for the service).
 */
export { drawRaffle, newRaffleSeed, raffleCommit, verifyRaffle, type TRaffleCheck, type TRaffleWinner } from '@playhall/contract/raffle';

export interface TRaffleTicketTerms {
  /** Valid bet (after category weights) that earns one ticket, minor units. */
  validBetPerTicket: number;
  /** Most tickets one member can hold in a period; null: no limit. */
  maxTicketsPerMember: number | null;
}

/** Tickets a member's period turnover earns: one per full validBetPerTicket, up to the per-member maximum. */
export function ticketsEarned(terms: TRaffleTicketTerms, turnover: number): number {
  checkAmount('turnover', turnover);
  checkAmount('validBetPerTicket', terms.validBetPerTicket, 1);
  const earned = Math.floor(turnover / terms.validBetPerTicket);
  return terms.maxTicketsPerMember === null ? earned : Math.min(earned, terms.maxTicketsPerMember);
}

/**
 * How many tickets to number now for a member who holds `held` and whose period turnover is now `turnover`: tickets
 * are numbered in the order they are earned, so the service appends this many to the ticket list at each settlement.
 */
export function newTickets(terms: TRaffleTicketTerms, held: number, turnover: number): number {
  checkAmount('held', held);
  return Math.max(0, ticketsEarned(terms, turnover) - held);
}
