import { step, type TTransitionTable } from './machine.ts';

/**
 * A member's status on one activity (spec §4: join, applying, closed, rejected, issued, claimed, in process, signed,
 * coming soon, claim) and the one state machine that moves it (shared/domain/promotions.md, "Member status").
 * The service and its tests both go through `transition`; the card's status is `cardStatus`, which replays the
 * events the clock alone causes (period opens or closes, a new day, a claim window ending) through the same table.
 */

export const ACTIVITY_STATUSES = ['comingSoon', 'join', 'applying', 'inProcess', 'signed', 'rejected', 'claim', 'issued', 'claimed', 'closed'] as const;
export type TActivityStatus = (typeof ACTIVITY_STATUSES)[number];

export const ACTIVITY_EVENTS = ['open', 'close', 'join', 'apply', 'approve', 'reject', 'qualify', 'issue', 'claim', 'checkIn', 'newDay', 'expire'] as const;
export type TActivityEvent = (typeof ACTIVITY_EVENTS)[number];

/**
 * | from       | event   | to        | when                                                                          |
 * |------------|---------|-----------|-------------------------------------------------------------------------------|
 * | comingSoon | open    | join      | the period starts                                                             |
 * | comingSoon | close   | closed    | the operator closes the activity before it starts                             |
 * | join       | join    | inProcess | the member joins; conditions (deposit, valid bet, loss, tickets) being met     |
 * | join       | apply   | applying  | proof activity: the member applies with a remark and images                   |
 * | join       | checkIn | signed    | daily check-in: signed for today (the day's reward is issued with it)          |
 * | join       | close   | closed    | the period ends, the budget is spent or the operator closes it                |
 * | applying   | approve | claim     | the operator approves; the reward waits for the member's claim                |
 * | applying   | reject  | rejected  | the operator refuses, with a reason the member sees                           |
 * | rejected   | apply   | applying  | the member applies again while the period is open (the service checks limits) |
 * | inProcess  | qualify | claim     | conditions met, the reward waits for a claim (cashback, raffle prize)         |
 * | inProcess  | issue   | issued    | conditions met, the reward is credited without a claim (bonus, tier reward)   |
 * | inProcess  | close   | closed    | the period ends before the conditions are met                                 |
 * | signed     | newDay  | join      | a new day in the merchant's time zone: the member may check in again          |
 * | signed     | close   | closed    | the period ends                                                               |
 * | claim      | claim   | claimed   | the member claims: the reward is credited, exactly once                       |
 * | claim      | expire  | closed    | the claim window ends unclaimed                                               |
 * | issued     | join    | inProcess | a repeatable activity (reload) joined again for the next deposit (within limit) |
 * | claimed    | apply   | applying  | a repeatable proof activity applied to again (the service checks the limit)    |
 * Applying survives the period's end (an application made in time is still reviewed); a claim waits until its own
 * window ends; rejected, issued and claimed keep their word on the card after the period. A bonus's turnover and
 * expiry after it is issued are the bonus's own states (turnover.ts), shown beside the card's `issued` or `claimed`.
 */
const TABLE: TTransitionTable<TActivityStatus, TActivityEvent> = {
  comingSoon: { open: 'join', close: 'closed' },
  join: { join: 'inProcess', apply: 'applying', checkIn: 'signed', close: 'closed' },
  applying: { approve: 'claim', reject: 'rejected' },
  rejected: { apply: 'applying' },
  inProcess: { qualify: 'claim', issue: 'issued', close: 'closed' },
  signed: { newDay: 'join', close: 'closed' },
  claim: { claim: 'claimed', expire: 'closed' },
  issued: { join: 'inProcess' },
  claimed: { apply: 'applying' },
  closed: {},
};

/** The status after `event`, or null when the table has no such transition. */
export function nextStatus(from: TActivityStatus, event: TActivityEvent): TActivityStatus | null {
  return TABLE[from][event] ?? null;
}

/** The status after `event`; throws a TransitionError (code activity_transition_refused) when it is impossible. */
export function transition(from: TActivityStatus, event: TActivityEvent): TActivityStatus {
  return step(TABLE, 'activity', from, event);
}

/** When an activity runs: [startsAt, endsAt); `closed` when the operator closed it early or its budget is spent. */
export interface TActivitySchedule {
  startsAt: Date;
  endsAt: Date;
  closed?: boolean;
}

/** What the service stores of a member's part in one activity: the last status `transition` gave, and its context. */
export interface TParticipation {
  status: TActivityStatus;
  /** Daily check-in: the merchant-time-zone day (yyyy-mm-dd) of the last check-in. */
  signedDay?: string;
  /** A reward waiting in `claim` can be claimed until this instant; none: until claimed. */
  claimUntil?: Date;
}

/**
 * The status a card shows: with no participation the schedule alone (coming soon, join, closed); otherwise the
 * stored status moved on by the events the clock caused since it was stored, each taken only where the table has it.
 * `today` is the merchant-time-zone day of `now` (yyyy-mm-dd), used by daily check-in.
 */
export function cardStatus(schedule: TActivitySchedule, participation: TParticipation | null, now: Date, today: string): TActivityStatus {
  const ended = schedule.closed === true || now.getTime() >= schedule.endsAt.getTime();
  const started = now.getTime() >= schedule.startsAt.getTime();
  let status: TActivityStatus = participation?.status ?? 'comingSoon';
  const step = (event: TActivityEvent): void => {
    status = nextStatus(status, event) ?? status;
  };
  if (started && !ended) step('open');
  if (status === 'signed' && participation?.signedDay !== today) step('newDay');
  if (participation?.claimUntil && now.getTime() >= participation.claimUntil.getTime()) step('expire');
  if (ended) step('close');
  return status;
}
