import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openEnvelope, type TEnvelopeRain } from '@playhall/contract/calls/promotions';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { call } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatMoney } from '../../../lib/format.ts';
import { createRequestIdSlot } from '../../../lib/money-input.ts';
import { openModal } from '../../../stores/ui-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { afterMoneyMoved } from '../../wallet/api/get-merchant-wallet.ts';
import { useEnvelopeRains } from '../api/get-envelope-rains.ts';
import { formatCountdown, useNow } from '../countdown.ts';
import { openableRain } from '../rains.ts';
import styles from './envelope.module.css';

function Envelope({ className, label }: { className?: string; label?: string }) {
  return (
    <span className={[styles.envelope, className].filter(Boolean).join(' ')} aria-hidden>
      <span className={styles.seal}>{label ?? '福'}</span>
    </span>
  );
}

/** What an open rain shows in the list under the envelope: the amount found, or a button to open it. */
function OtherRain({ rain, onPick }: { rain: TEnvelopeRain; onPick: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={styles.item} data-rain={rain.id}>
      <span className={styles.itemTitle}>{rain.title}</span>
      {rain.opened !== null ? (
        <span className={styles.muted}>{t('promotions.envelope.opened', { amount: formatMoney(rain.opened, true) })}</span>
      ) : rain.eligible && rain.left > 0 ? (
        <Button size="sm" variant="secondary" onClick={onPick}>
          {t('promotions.envelope.open')}
        </Button>
      ) : (
        <span className={styles.muted}>{t(rain.eligible ? 'error.envelopes_gone' : 'promotions.envelope.notEligible')}</span>
      )}
    </li>
  );
}

/** The modal: an open rain's envelope to open (a short animation, then the amount), the other rains on now, and those to come. */
function EnvelopeModal({ rains, onClose }: { rains: readonly TEnvelopeRain[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const now = useNow();
  const [slot] = useState(createRequestIdSlot);
  const [phase, setPhase] = useState<'idle' | 'opening' | { rainId: number; amount: number }>('idle');
  const [picked, setPicked] = useState<number | null>(null);
  const open = rains.filter((r) => r.state === 'open');
  // The rain on the stage: the one picked, else the one just opened, else the first this member can open.
  const shownId = picked ?? (typeof phase === 'object' ? phase.rainId : (openableRain(open, true)?.id ?? open[0]?.id));
  const current = open.find((r) => r.id === shownId);
  const others = open.filter((r) => r !== current);
  const upcoming = rains.filter((r) => r.state === 'upcoming');

  async function openIt(rain: TEnvelopeRain) {
    setPhase('opening');
    // The envelope shakes for a moment whatever the network does, so the amount never pops out at once.
    const shake = new Promise((r) => window.setTimeout(r, 700));
    try {
      const [got] = await Promise.all([call(openEnvelope, { requestId: slot.take(), rainId: rain.id }), shake]);
      slot.reset();
      setPicked(null);
      setPhase({ rainId: rain.id, amount: got.amount });
      await afterMoneyMoved(queryClient, token);
    } catch (err) {
      if (isApiError(err) && err.status > 0) slot.reset();
      setPhase('idle');
      showErrorDialog(err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['promotions', 'rains'] });
    }
  }

  const justOpened = typeof phase === 'object' && phase.rainId === current?.id ? phase.amount : null;
  const got = justOpened ?? current?.opened ?? null;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('promotions.envelope.title')} width={480} testId="envelope-modal">
      {current ? (
        <div className={styles.stage} data-testid="envelope-current" data-rain={current.id}>
          <p className={styles.rainTitle}>{current.title}</p>
          <Envelope className={[styles.big, phase === 'opening' ? styles.opening : '', got !== null ? styles.opened : ''].join(' ')} />
          {got !== null ? (
            <>
              <p className={styles.amount} data-testid="envelope-amount">
                {justOpened !== null ? t('promotions.envelope.got', { amount: formatMoney(got, true) }) : t('promotions.envelope.opened', { amount: formatMoney(got, true) })}
              </p>
              {justOpened !== null && <p className={styles.muted}>{t('promotions.envelope.added')}</p>}
            </>
          ) : !current.eligible ? (
            <p className={styles.muted} data-testid="envelope-not-eligible">
              {t('promotions.envelope.notEligible')}
            </p>
          ) : (
            <Button size="lg" onClick={() => void openIt(current)} disabled={phase === 'opening'} data-autofocus data-testid="envelope-open">
              {t('promotions.envelope.tapToOpen')}
            </Button>
          )}
          <p className={styles.muted}>
            {t('promotions.envelope.endsIn', { time: formatCountdown(Date.parse(current.endsAt) - now) })} · {t('promotions.envelope.left', { count: current.left })}
          </p>
        </div>
      ) : (
        <p className={styles.muted}>{t('promotions.envelope.none')}</p>
      )}
      {others.length > 0 && (
        <ul className={styles.list} data-testid="envelope-others">
          {others.map((r) => (
            <OtherRain key={r.id} rain={r} onPick={() => setPicked(r.id)} />
          ))}
        </ul>
      )}
      {upcoming.length > 0 && (
        <>
          <p className={styles.listTitle}>{t('promotions.envelope.upcoming')}</p>
          <ul className={styles.list} data-testid="envelope-upcoming">
            {upcoming.map((r) => (
              <li key={r.id} className={styles.item}>
                <span className={styles.itemTitle}>{r.title}</span>
                <span className={styles.muted}>{t('promotions.envelope.startsIn', { time: formatCountdown(Date.parse(r.startsAt) - now) })}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

/**
 * The floating red envelope: shown while a rain is on that this member can open (visitors too: pressing it asks them
 * to log in). Loaded after the page, outside the home page's first script; asks for the rains once a minute and
 * again when the next one starts.
 */
export function EnvelopeEntry() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const rains = useEnvelopeRains(token);
  const [shown, setShown] = useState(false);
  const list = rains.data?.list ?? [];
  const openable = openableRain(list, token !== null);

  // Ask again the moment the next rain starts or the current one ends, not up to a minute later.
  const next = Math.min(...list.flatMap((r) => (r.state === 'upcoming' ? [Date.parse(r.startsAt)] : r.state === 'open' ? [Date.parse(r.endsAt)] : [])));
  const { refetch } = rains;
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = window.setTimeout(() => void refetch(), Math.max(1000, next - Date.now() + 500));
    return () => window.clearTimeout(timer);
  }, [next, refetch]);

  if (!openable && !shown) return null;
  return (
    <>
      {openable && (
        <button
          type="button"
          className={styles.entry}
          onClick={() => (token ? setShown(true) : openModal({ name: 'login' }))}
          data-testid="envelope-entry"
        >
          <Envelope className={styles.wobble} />
          {/* Named by its visible label, the rain's title after it for screen readers (WCAG 2.5.3: no aria-label that hides what it shows). */}
          <span className={styles.entryLabel}>{t('promotions.envelope.entry')}</span>
          <span className="sr-only">: {openable.title}</span>
        </button>
      )}
      {shown && <EnvelopeModal rains={list} onClose={() => setShown(false)} />}
    </>
  );
}
