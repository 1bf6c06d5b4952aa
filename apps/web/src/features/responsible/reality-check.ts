import { realityCheck } from '@playhall/contract/calls/responsible';
import type { z } from 'zod';
import { call } from '../../lib/api-client.ts';
import { formatMoney, ltr } from '../../lib/format.ts';
import { i18next } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { showDialog } from '../../stores/dialog-store.ts';
import { openModal } from '../../stores/ui-store.ts';
import { useSessionStore } from '../auth/session-store.ts';
import { nextCheckDelay, setRealityReplan } from './reality-check-schedule.ts';

type TReality = z.infer<typeof realityCheck.response>;

/** "1 h 05 min" / "25 min". */
function played(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? i18next.t('rg.hoursMinutes', { h, m: String(m).padStart(2, '0') }) : i18next.t('rg.minutesOnly', { m });
}

async function signOut(): Promise<void> {
  const { logout } = await import('@playhall/contract/calls/auth');
  await call(logout, {}).catch(() => null);
  useSessionStore.getState().signOut();
  queryClient.removeQueries({ queryKey: ['auth'] });
  queryClient.removeQueries({ queryKey: ['wallet'] });
}

function show(r: TReality): void {
  const net = ltr(`${r.net > 0 ? '+' : ''}${formatMoney(r.net, true)}`);
  showDialog({
    key: 'reality_check',
    icon: 'info',
    title: i18next.t('rg.realityTitle'),
    text: `${i18next.t('rg.realityPlayed', { time: played(r.minutes) })} ${i18next.t('rg.realityNet', { net, count: r.bets })}`,
    closeOnCover: false,
    buttons: [
      { label: i18next.t('member.signOut'), variant: 'secondary', onClick: () => void signOut() },
      { label: i18next.t('rg.viewRecord'), variant: 'secondary', onClick: () => openModal({ name: 'memberCentre', page: 'personalHistoryCopy' }) },
      { label: i18next.t('rg.continue'), variant: 'primary' },
    ],
  });
}

/**
 * The reality check of one session (issue 22): every interval since log-in, a dialog with the time played and the
 * net result since then, from responsible.realityCheck. Returns the stop for logout. A failed reading plans nothing
 * (the next log-in, or a change on the page, plans again): the check is a reminder, never a gate.
 */
export function startRealityCheck(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function plan(r: TReality): void {
    clearTimeout(timer);
    if (stopped || r.interval === 0) return;
    timer = setTimeout(() => void fire(), nextCheckDelay(Date.parse(r.since), r.interval, Date.now()));
  }

  async function read(): Promise<TReality | null> {
    try {
      return await call(realityCheck, {});
    } catch {
      return null;
    }
  }

  async function fire(): Promise<void> {
    const r = await read();
    if (stopped || !r) return;
    if (r.interval > 0) show(r);
    plan(r);
  }

  const replan = () =>
    void read().then((r) => {
      if (r) plan(r);
    });
  setRealityReplan(replan);
  replan();
  return () => {
    stopped = true;
    clearTimeout(timer);
    setRealityReplan(null);
  };
}
