import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RG_BREAK_DAYS, RG_COOLING_HOURS, RG_EXCLUSION_MONTHS, RG_LIMIT_KINDS, RG_REALITY_MINUTES, type TRgState } from '@playhall/contract/calls/responsible';
import { Button } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card-section.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { showErrorDialog } from '../../../lib/error-dialog.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showDialog } from '../../../stores/dialog-store.ts';
import { useSessionStore } from '../../auth/session-store.ts';
import { getResponsibleQueryOptions, useResponsibleChange } from '../api/responsible.ts';
import { refreshRealityCheck } from '../reality-check-schedule.ts';
import { BreakDialog } from './break-dialog.tsx';
import { LimitRow } from './limit-row.tsx';
import { SelfExclusionDialog } from './self-exclusion-dialog.tsx';
import styles from './responsible.module.css';

const at = (time: string) => formatDateTime(time, { offset: true }) ?? '';

/**
 * responsibleGaming (issue 22): deposit and loss limits per day, week and month with what each period has used,
 * the reality check's interval, a break, and self-exclusion. The server enforces all of it in the money paths; this
 * page shows and changes the settings. Lowering applies at once; raising, removing or ending a break early waits
 * RG_COOLING_HOURS (docs/decisions.md, Responsible gaming).
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  // What the periods have used changes with every deposit and bet: read it anew each time the page opens.
  const state = useQuery({ ...getResponsibleQueryOptions(token), refetchOnMount: 'always' });

  if (state.isPending) return <Skeleton height={320} radius={10} />;
  if (state.isError) return <LoadFailed onRetry={() => void state.refetch()} />;
  const onBreak = state.data.breakUntil !== null;
  return (
    <>
      <p className={styles.intro}>{t('rg.intro', { hours: RG_COOLING_HOURS })}</p>
      {RG_LIMIT_KINDS.map((kind) => (
        <CardSection key={kind} title={t(`rg.limitTitle.${kind}`)} testId={`rg-limits-${kind}`}>
          <p className={styles.muted}>{t(`rg.limitHelp.${kind}`)}</p>
          {onBreak && <p className={styles.note}>{t('rg.limitsLockedOnBreak')}</p>}
          <div className={styles.limits} role="list">
            {state.data.limits
              .filter((l) => l.kind === kind)
              .map((l) => (
                <LimitRow key={l.period} limit={l} locked={onBreak} />
              ))}
          </div>
        </CardSection>
      ))}
      <RealitySection state={state.data} />
      <BreakSection state={state.data} />
      <ExclusionSection />
    </>
  );
}

function RealitySection({ state }: { state: TRgState }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const change = useResponsibleChange(token);
  const [minutes, setMinutes] = useState(String(state.reality.minutes));
  const label = (m: number) => (m === 0 ? t('rg.realityOff') : t('rg.everyMinutes', { count: m }));

  function save() {
    change.mutate(
      { call: 'reality', input: { minutes: Number(minutes) as (typeof RG_REALITY_MINUTES)[number] } },
      {
        onSuccess: (next) => {
          refreshRealityCheck();
          const text = next.reality.pending ? t('rg.savedPending', { time: at(next.reality.pending.effectiveAt) }) : t('rg.savedNow');
          showDialog({ icon: 'success', title: t('rg.realityTitle'), text, autoCloseMs: 3000 });
        },
        onError: (err) => showErrorDialog(err),
      },
    );
  }

  return (
    <CardSection title={t('rg.realityTitle')} testId="rg-reality">
      <p className={styles.muted}>{t('rg.realityHelp')}</p>
      <div className={styles.inline}>
        <Select
          label={t('rg.interval')}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          options={RG_REALITY_MINUTES.map((m) => ({ value: String(m), label: label(m) }))}
          data-testid="rg-reality-minutes"
        />
        <Button onClick={save} disabled={change.isPending || Number(minutes) === state.reality.minutes} data-testid="rg-reality-save">
          {t('rg.save')}
        </Button>
      </div>
      <p className={styles.current} data-testid="rg-reality-current">
        {t('rg.realityNow', { value: label(state.reality.minutes) })}
        {state.reality.pending && (
          <span className={styles.pending} data-testid="rg-reality-pending">
            {t('rg.pendingChange', { value: label(state.reality.pending.minutes), time: at(state.reality.pending.effectiveAt) })}
          </span>
        )}
      </p>
    </CardSection>
  );
}

function BreakSection({ state }: { state: TRgState }) {
  const { t } = useTranslation();
  const token = useSessionStore((s) => s.token);
  const change = useResponsibleChange(token);
  const [days, setDays] = useState<(typeof RG_BREAK_DAYS)[number]>(RG_BREAK_DAYS[0]);
  const [confirming, setConfirming] = useState(false);

  function endEarly() {
    showDialog({
      icon: 'warning',
      title: t('rg.endEarly'),
      text: t('rg.endEarlyConfirm', { hours: RG_COOLING_HOURS }),
      buttons: [
        { label: t('common.cancel'), variant: 'secondary' },
        {
          label: t('rg.endEarly'),
          variant: 'primary',
          onClick: () => change.mutate({ call: 'endBreak' }, { onError: (err) => showErrorDialog(err) }),
        },
      ],
    });
  }

  return (
    <CardSection title={t('rg.breakTitle')} testId="rg-break">
      {state.breakUntil ? (
        <>
          <p className={styles.note} data-testid="rg-break-until">
            {t('rg.onBreak', { time: at(state.breakUntil) })}
          </p>
          {state.breakEndsEarlyAt ? (
            <p className={styles.current} data-testid="rg-break-ends-early">
              {t('rg.breakEndsEarly', { time: at(state.breakEndsEarlyAt) })}
            </p>
          ) : (
            <div>
              <Button variant="secondary" onClick={endEarly} disabled={change.isPending} data-testid="rg-break-end">
                {t('rg.endEarly')}
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className={styles.muted}>{t('rg.breakHelp')}</p>
          <div className={styles.inline}>
            <Select
              label={t('rg.breakLength')}
              value={String(days)}
              onChange={(e) => setDays(Number(e.target.value) as typeof days)}
              options={RG_BREAK_DAYS.map((d) => ({ value: String(d), label: d % 7 === 0 ? t('rg.weeks', { count: d / 7 }) : t('rg.days', { count: d }) }))}
              data-testid="rg-break-days"
            />
            <Button onClick={() => setConfirming(true)} data-testid="rg-break-take">
              {t('rg.takeBreak')}
            </Button>
          </div>
        </>
      )}
      {confirming && <BreakDialog days={days} onOpenChange={setConfirming} />}
    </CardSection>
  );
}

function ExclusionSection() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<(typeof RG_EXCLUSION_MONTHS)[number]>(RG_EXCLUSION_MONTHS[0]);
  const [confirming, setConfirming] = useState(false);
  return (
    <CardSection title={t('rg.exclusionTitle')} testId="rg-exclusion">
      <p className={styles.muted}>{t('rg.exclusionHelp')}</p>
      <div className={styles.inline}>
        <Select
          label={t('rg.exclusionLength')}
          value={String(months)}
          onChange={(e) => setMonths(Number(e.target.value) as typeof months)}
          options={RG_EXCLUSION_MONTHS.map((m) => ({ value: String(m), label: m % 12 === 0 ? t('rg.years', { count: m / 12 }) : t('rg.months', { count: m }) }))}
          data-testid="rg-exclusion-months"
        />
        <Button variant="danger" onClick={() => setConfirming(true)} data-testid="rg-exclusion-start">
          {t('rg.selfExclude')}
        </Button>
      </div>
      {confirming && <SelfExclusionDialog months={months} onOpenChange={setConfirming} />}
    </CardSection>
  );
}
