/**
 * Member-centre pages built so far, in navigation order; the centre's navigation lists only these. Plain data, free of
 * React and i18n, so the e2e specs can read it too (as route-table.ts).
 */
export const MEMBER_CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  // Points mall records (issue 18, spec §2 "other labelled screens").
  'pointsDetails',
  'redeemHistory',
  // Platform messages and feedback (issue 19).
  'messageV2',
  'feedback',
  // Limits, reality check, break and self-exclusion (issue 22).
  'responsibleGaming',
] as const;
export type TMemberCentrePage = (typeof MEMBER_CENTRE_PAGES)[number];
