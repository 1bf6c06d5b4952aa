/**
 * Withdrawal limits (docs/decisions.md, Money: withdrawals). No per-merchant settings table exists for
 * them yet, so they come from the environment of the process that applies them — the server for members'
 * calls and the job, the operator command for `withdrawal pay` — read on every use, with these defaults.
 */
export interface TWithdrawalConfig {
  /** Smallest and largest amount of one withdrawal, minor units. */
  minAmount: number;
  maxAmount: number;
  /** Fee in basis points of the amount, rounded up to a whole minor unit. */
  feeRate: number;
  /** Withdrawals a member may request per business day (rejected ones do not count). */
  dailyCountLimit: number;
  /** Minutes after payment until an unanswered withdrawal is treated as received (spec §9 "{0} minutes"). */
  confirmMinutes: number;
  /** Bank cards one member may bind. */
  maxCards: number;
}

export const WITHDRAWAL_DEFAULTS: TWithdrawalConfig = {
  minAmount: 5_000_000, // 50,000.00
  maxAmount: 10_000_000_000, // 100,000,000.00
  feeRate: 0,
  dailyCountLimit: 5,
  confirmMinutes: 60,
  maxCards: 5,
};

const ENV: Record<keyof TWithdrawalConfig, string> = {
  minAmount: 'WITHDRAWAL_MIN',
  maxAmount: 'WITHDRAWAL_MAX',
  feeRate: 'WITHDRAWAL_FEE_BP',
  dailyCountLimit: 'WITHDRAWAL_DAILY_COUNT',
  confirmMinutes: 'WITHDRAWAL_CONFIRM_MINUTES',
  maxCards: 'BANK_CARDS_MAX',
};

/** The configuration from `env` (minor units for amounts); a value that is not a whole number ≥ 0 is an error. */
export function withdrawalConfig(env: NodeJS.ProcessEnv = process.env): TWithdrawalConfig {
  const config = { ...WITHDRAWAL_DEFAULTS };
  for (const key of Object.keys(ENV) as (keyof TWithdrawalConfig)[]) {
    const raw = env[ENV[key]];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${ENV[key]} must be a whole number ≥ 0, got "${raw}"`);
    config[key] = n;
  }
  if (config.minAmount < 1 || config.maxAmount < config.minAmount) throw new Error('WITHDRAWAL_MIN must be ≥ 1 and ≤ WITHDRAWAL_MAX');
  return config;
}

/** The fee of `amount` at `feeRate` basis points, rounded up; BigInt so no product ever loses precision. */
export function withdrawalFee(amount: number, feeRate: number): number {
  return Number((BigInt(amount) * BigInt(feeRate) + 9_999n) / 10_000n);
}

/** The largest amount whose amount + fee fits `balance`. */
export function withdrawableOf(balance: number, feeRate: number): number {
  if (balance <= 0) return 0;
  let amount = Number((BigInt(balance) * 10_000n) / BigInt(10_000 + feeRate));
  while (amount > 0 && amount + withdrawalFee(amount, feeRate) > balance) amount--;
  return amount;
}
