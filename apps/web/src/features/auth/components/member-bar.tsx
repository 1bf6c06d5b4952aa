import { UnreadBadge } from '../../inbox/components/unread-badge.tsx';
import { BalanceDisplay } from '../../wallet/components/balance-display.tsx';
import { MemberMenu } from './member-menu.tsx';

/** The logged-in part of the top bar: balance, unread messages and member menu (loaded once a session exists). */
export function MemberBar({ token }: { token: string }) {
  return (
    <>
      <BalanceDisplay token={token} />
      <UnreadBadge />
      <MemberMenu />
    </>
  );
}
