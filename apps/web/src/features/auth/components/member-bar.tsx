import { BalanceDisplay } from '../../wallet/components/balance-display.tsx';
import { MemberMenu } from './member-menu.tsx';

/** The logged-in part of the top bar: balance and member menu (loaded once a session exists). */
export function MemberBar({ token }: { token: string }) {
  return (
    <>
      <BalanceDisplay token={token} />
      <MemberMenu />
    </>
  );
}
