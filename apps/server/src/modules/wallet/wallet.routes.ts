import * as wallet from '@playhall/contract/calls/wallet';
import { AppError } from '../../lib/app-error.ts';
import { requestLanguage } from '../../lib/content-language.ts';
import type { TCallRegistrar, TSession } from '../../plugins/contract-routes.ts';
import type { TPaymentPasswordService } from './payment-password.service.ts';
import type { createBonusService, createProfitService } from './profit.service.ts';
import type { createRecordsService } from './records.service.ts';
import type { TWalletService } from './wallet.service.ts';

function me(session: TSession | null): number {
  if (!session) throw new AppError('not_logged_in');
  return session.userId;
}

/** Guessing a payment password is slow anyway (argon2id, lockout in the database); this caps the load. */
const PASSWORD_RATE = { max: 20, timeWindow: '1 minute' };

/** The money calls built so far (issue 4); the rest stay 501 until built. */
export function registerWalletRoutes(
  calls: TCallRegistrar,
  deps: {
    wallet: TWalletService;
    paymentPassword: TPaymentPasswordService;
    records: ReturnType<typeof createRecordsService>;
    profit: ReturnType<typeof createProfitService>;
    bonus: ReturnType<typeof createBonusService>;
  },
): void {
  // A guest sees its (empty or demo) balance; it cannot move money.
  calls.serve(wallet.balance, async (_input, { session }) => deps.wallet.balance(me(session)), { guests: true });
  calls.serve(wallet.consolidated, async () => deps.wallet.consolidated());
  calls.serve(wallet.merchantWallet, async () => deps.wallet.merchantWallet());
  calls.serve(wallet.walletTransfer, async (input, { session }) => deps.wallet.vendorTransfer(me(session), input));
  calls.serve(wallet.transferUpline, async (input, { session }) => deps.wallet.toUpline(me(session), input), { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.transferDownline, async (input, { session }) => deps.wallet.toDownline(me(session), input), { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.transactions, async (input, { session, request }) => deps.records.transactions(me(session), input, requestLanguage(request)));
  calls.serve(wallet.transactionsExport, async (input, { session, request }) => deps.records.exportCsv(me(session), input, requestLanguage(request)));
  calls.serve(wallet.personalProfit, async (input, { session }) => deps.profit.profit(me(session), input));
  calls.serve(wallet.bonusDetails, async (input, { session }) => deps.bonus.list(me(session), input));

  calls.serve(wallet.setPaymentPassword, async (input, { session }) => {
    await deps.paymentPassword.set(me(session), input);
    return null;
  }, { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.changePaymentPassword, async (input, { session }) => {
    await deps.paymentPassword.change(me(session), input);
    return null;
  }, { rateLimit: PASSWORD_RATE });
  calls.serve(wallet.verifyPaymentPassword, async (input, { session }) => {
    await deps.paymentPassword.verify(me(session), input.paymentPassword);
    return null;
  }, { rateLimit: PASSWORD_RATE });
}
