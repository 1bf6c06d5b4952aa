import { useQueryClient } from '@tanstack/react-query';
import { Award, CalendarClock, CalendarDays, CheckCircle2, Crown, Flag, Gift, Medal, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimMission, type TMission } from '@playhall/contract/calls/loyalty';
import { Button } from '../../../../components/ui/button.tsx';
import { CardSection } from '../../../../components/ui/card-section.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { LoadFailed } from '../../../../components/ui/load-failed.tsx';
import { RefreshButton } from '../../../../components/ui/refresh-button.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { call } from '../../../../lib/api-client.ts';
import { showErrorDialog } from '../../../../lib/error-dialog.ts';
import { newRequestId } from '../../../../lib/money-input.ts';
import { showDialog } from '../../../../stores/dialog-store.ts';
import { useSessionStore } from '../../../auth/session-store.ts';
import { useNow } from '../../../promotions/countdown.ts';
import { afterMoneyMoved } from '../../../wallet/api/get-merchant-wallet.ts';
import { setAvailableMissions } from '../api/available.ts';
import { useLeaderboard, useMissions } from '../api/missions.ts';
import { hasCategory, progressPercent, progressText, rewardText, sortMissions, timeLeft } from '../mission-text.ts';
import styles from './missions.module.css';

/** "2 days 03:04:05" or "03:04:05" until a moment, ticking. */
function Countdown({ endsAt, now }: { endsAt: string; now: number }) {
  const { t } = useTranslation();
  const left = timeLeft(endsAt, now);
  return <>{left.days > 0 ? t('missions.daysClock', { count: left.days, clock: left.clock }) : left.clock}</>;
}

const STATUS_TONE = { inProgress: styles.toneProgress, claimable: styles.toneClaim, claimed: styles.toneDone } as const;

function MissionCard({ mission, now, claiming, onClaim }: { mission: TMission; now: number; claiming: boolean; onClaim: () => void }) {
  const { t } = useTranslation();
  const percent = progressPercent(mission);
  const PeriodIcon = mission.period === 'daily' ? CalendarClock : CalendarDays;
  return (
    <li className={styles.card} data-testid="mission-card" data-id={mission.id} data-status={mission.status}>
      <div className={styles.cardHead}>
        <span className={styles.period}>
          <PeriodIcon size={14} aria-hidden />
          {t(`missions.period.${mission.period}`)}
        </span>
        <span className={`${styles.pill} ${STATUS_TONE[mission.status]}`} data-testid="mission-status">
          {mission.status === 'claimed' && <CheckCircle2 size={12} aria-hidden />}
          {t(`missions.status.${mission.status}`)}
        </span>
      </div>
      <h4 className={styles.cardTitle} data-testid="mission-title">
        {mission.title}
      </h4>
      <p className={styles.kind}>
        {t(`missions.kind.${mission.kind}`)}
        {hasCategory(mission.kind) && ` · ${mission.category ? t(`category.${mission.category}`) : t('missions.anyCategory')}`}
      </p>
      <div>
        <div className={styles.bar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('missions.progress')}>
          <div className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
        <div className={styles.barText}>
          <span data-testid="mission-progress">{progressText(mission)}</span>
          <span>{percent} %</span>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('missions.reward')}</dt>
          <dd data-testid="mission-reward">
            <Gift size={14} aria-hidden />
            {rewardText(mission.reward, t)}
          </dd>
        </div>
        <div>
          <dt>{t('missions.score')}</dt>
          <dd data-testid="mission-score">
            <Star size={14} aria-hidden />+{mission.score.toLocaleString('en-US')}
          </dd>
        </div>
      </dl>
      <div className={styles.cardFoot}>
        <span className={styles.muted}>
          {t('missions.periodEnds')} <span className={styles.clock}>{<Countdown endsAt={mission.periodEndsAt} now={now} />}</span>
        </span>
        {mission.status === 'claimable' ? (
          <Button size="sm" disabled={claiming} onClick={onClaim} data-testid="mission-claim">
            {t('missions.claim')}
          </Button>
        ) : mission.status === 'claimed' ? (
          <span className={styles.claimed}>
            <CheckCircle2 size={14} aria-hidden />
            {t('missions.claimedDone')}
          </span>
        ) : null}
      </div>
    </li>
  );
}

const RANK_ICON = [Crown, Medal, Medal] as const;

function Leaderboard() {
  const { t } = useTranslation();
  const board = useLeaderboard();
  const token = useSessionStore((s) => s.token);

  if (board.isPending) return <Skeleton height={220} radius={10} />;
  if (board.isError) return <LoadFailed onRetry={() => void board.refetch()} />;
  const { rows, me } = board.data;
  const mineShown = rows.some((r) => r.mine);
  return (
    <>
      <p className={styles.myRank} data-testid="lb-me">
        <Award size={16} aria-hidden />
        {me ? t('missions.myRank', { rank: me.rank.toLocaleString('en-US'), score: me.score.toLocaleString('en-US') }) : token ? t('missions.notRanked') : null}
      </p>
      {rows.length === 0 ? (
        <EmptyState compact text={t('missions.boardEmpty')} testId="lb-empty" />
      ) : (
        <ol className={styles.board} data-testid="lb-table" aria-label={t('missions.leaderboard')}>
          <li className={`${styles.boardRow} ${styles.boardHead}`} aria-hidden>
            <span>{t('missions.rank')}</span>
            <span>{t('missions.member')}</span>
            <span className={styles.num}>{t('missions.score')}</span>
          </li>
          {rows.map((r) => {
            const Icon = r.rank <= 3 ? RANK_ICON[r.rank - 1] : null;
            return (
              <li key={`${r.rank}-${r.member}`} className={styles.boardRow} data-mine={r.mine || undefined} data-testid="lb-row" data-rank={r.rank}>
                <span className={styles.rank} data-top={r.rank <= 3 ? r.rank : undefined}>
                  {Icon ? <Icon size={14} aria-hidden /> : null}
                  {r.rank}
                </span>
                <span className={styles.member}>
                  {r.member}
                  {r.mine && <span className={styles.you}>{t('missions.you')}</span>}
                </span>
                <span className={styles.num} data-testid="lb-score">
                  {r.score.toLocaleString('en-US')}
                </span>
              </li>
            );
          })}
          {me && !mineShown && (
            <li className={`${styles.boardRow} ${styles.boardGap}`} data-mine data-testid="lb-row" data-rank={me.rank}>
              <span className={styles.rank}>{me.rank.toLocaleString('en-US')}</span>
              <span className={styles.member}>
                <span className={styles.you}>{t('missions.you')}</span>
              </span>
              <span className={styles.num} data-testid="lb-score">
                {me.score.toLocaleString('en-US')}
              </span>
            </li>
          )}
        </ol>
      )}
    </>
  );
}

/**
 * missionLeaderboard (spec §2 "mission activity"): the event and how long it runs, the member's daily and weekly
 * missions with their progress from settled data, a Claim for each completed one, and the event's leaderboard with
 * the member's own place. The member menu's badge follows every answer.
 */
export function MissionLeaderboard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const missions = useMissions();
  const now = useNow();
  const [claiming, setClaiming] = useState<number | null>(null);
  const available = missions.data?.available;
  useEffect(() => {
    if (available !== undefined) setAvailableMissions(queryClient, available);
  }, [available, queryClient]);

  async function claim(mission: TMission) {
    setClaiming(mission.id);
    try {
      // One request id per press: a second press of a claimed mission is refused, never paid again.
      const done = await call(claimMission, { requestId: newRequestId(), missionId: mission.id });
      setAvailableMissions(queryClient, done.available);
      showDialog({
        icon: 'success',
        title: t('missions.claimedTitle'),
        text: t('missions.claimedText', { title: mission.title, reward: rewardText(mission.reward, t), score: mission.score }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['missions'], predicate: (q) => q.queryKey[1] !== 'available' }),
        queryClient.invalidateQueries({ queryKey: ['points'] }),
        queryClient.invalidateQueries({ queryKey: ['promotions', 'rewards'] }),
        mission.reward.form === 'points' ? Promise.resolve() : afterMoneyMoved(queryClient, token),
      ]);
    } catch (err) {
      showErrorDialog(err);
      await queryClient.invalidateQueries({ queryKey: ['missions'] });
    } finally {
      setClaiming(null);
    }
  }

  const event = missions.data?.event ?? null;
  const list = sortMissions(missions.data?.missions ?? []);
  return (
    <>
      <CardSection
        title={t('centre.missionLeaderboard')}
        testId="missions-section"
        actions={
          <RefreshButton
            label={t('records.refresh')}
            busy={missions.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['missions'] })}
            testId="missions-refresh"
          />
        }
      >
        {missions.isPending ? (
          <>
            <Skeleton height={72} radius={10} />
            <Skeleton height={200} radius={10} />
          </>
        ) : missions.isError ? (
          <LoadFailed onRetry={() => void missions.refetch()} />
        ) : (
          <>
            <div className={styles.event} data-testid="mission-event">
              <Flag size={28} aria-hidden className={styles.eventIcon} />
              {event ? (
                <div className={styles.eventText}>
                  <strong data-testid="mission-event-name">{event.name}</strong>
                  <span className={styles.muted}>
                    {t('missions.eventEnds')} <span className={styles.clock}>{<Countdown endsAt={event.endsAt} now={now} />}</span>
                  </span>
                </div>
              ) : (
                <div className={styles.eventText}>
                  <strong>{t('missions.noEventTitle')}</strong>
                  <span className={styles.muted}>{t('missions.noEvent')}</span>
                </div>
              )}
              <div className={styles.eventCount}>
                <span className={styles.muted}>{t('missions.toClaim')}</span>
                <strong data-testid="mission-available">{missions.data.available}</strong>
              </div>
            </div>
            {list.length === 0 ? (
              <EmptyState compact text={t('missions.empty')} testId="missions-empty" />
            ) : (
              <ul className={styles.grid} data-testid="mission-list">
                {list.map((m) => (
                  <MissionCard key={m.id} mission={m} now={now} claiming={claiming !== null} onClaim={() => void claim(m)} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardSection>
      <CardSection title={t('missions.leaderboard')} testId="lb-section">
        <Leaderboard />
      </CardSection>
    </>
  );
}
